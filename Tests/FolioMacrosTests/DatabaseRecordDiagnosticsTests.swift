import FolioMacrosPlugin
import SwiftSyntaxMacrosTestSupport
import XCTest

// The compile-time errors of `@DatabaseRecord`, with their fix-its: the
// macro expands to nothing when it reports an error.

final class DatabaseRecordDiagnosticsTests: XCTestCase {

    func testClass() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            class Player {
                var id: Int64?
            }
            """,
            expandedSource: """
            class Player {
                var id: Int64?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord applies to a struct, not to a class",
                    line: 2, column: 1,
                    fixIts: [FixItSpec(message: "Replace with 'struct'")]),
            ],
            applyFixIts: ["Replace with 'struct'"],
            fixedSource: """
            @DatabaseRecord
            struct Player {
                var id: Int64?
            }
            """)
    }

    func testEnum() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            enum Player {
                case a
            }
            """,
            expandedSource: """
            enum Player {
                case a
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord applies to a struct, not to an enum",
                    line: 2, column: 1),
            ])
    }

    func testActor() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            actor Player {
                var id: Int64?
            }
            """,
            expandedSource: """
            actor Player {
                var id: Int64?
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord applies to a struct, not to an actor",
                    line: 2, column: 1),
            ])
    }

    func testGeneric() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Box<T> {
                var id: Int64
            }
            """,
            expandedSource: """
            struct Box<T> {
                var id: Int64
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord does not apply to a generic struct: its columns are static properties",
                    line: 2, column: 8),
            ])
    }

    func testComputedColumn() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseColumn("total") var score: Int { 0 }
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var score: Int { 0 }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseColumn applies to a stored property; 'score' is computed",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "Remove @DatabaseColumn")]),
            ],
            applyFixIts: ["Remove @DatabaseColumn"],
            fixedSource: """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var score: Int { 0 }
            }
            """)
    }

    func testDuplicateColumn() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var score: Int
                @DatabaseColumn("SCORE") var total: Int
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var score: Int
                var total: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'total' and 'score' are both stored in the column \"SCORE\"",
                    line: 5, column: 34),
            ])
    }

    func testTuple() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var position: (Int, Int)
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var position: (Int, Int)
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord can not store 'position' in a column: a tuple is not a database value (use a struct)",
                    line: 4, column: 19,
                    fixIts: [FixItSpec(message: "Mark it @DatabaseTransient")]),
            ],
            applyFixIts: ["Mark it @DatabaseTransient"],
            fixedSource: """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseTransient var position: (Int, Int)
            }
            """)
    }

    func testFunction() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var handler: () -> Void
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var handler: () -> Void
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord can not store 'handler' in a column: a function is not a database value",
                    line: 4, column: 18,
                    fixIts: [FixItSpec(message: "Mark it @DatabaseTransient")]),
            ])
    }

    func testExistential() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var value: any Codable
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var value: any Codable
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord can not store 'value' in a column: 'any' types are not database values (use a concrete type)",
                    line: 4, column: 16,
                    fixIts: [FixItSpec(message: "Mark it @DatabaseTransient")]),
            ])
    }

    func testDoubleOptional() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var value: Int??
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var value: Int??
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord can not store 'value' in a column: a double optional can not tell NULL from a missing value",
                    line: 4, column: 16,
                    fixIts: [FixItSpec(message: "Mark it @DatabaseTransient")]),
            ])
    }

    func testMissingType() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var score = 0
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var score = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord needs the type of 'score': write it (as in 'var score: Int = 0')",
                    line: 4, column: 9,
                    fixIts: [FixItSpec(message: "Mark it @DatabaseTransient")]),
            ])
    }

    func testInitializedLet() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                let kind: String = "player"
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                let kind: String = "player"
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'kind' is a 'let' with an initial value: a record fetched from the database can not set it",
                    line: 4, column: 9,
                    fixIts: [FixItSpec(message: "Replace 'let' with 'var'"), FixItSpec(message: "Mark it @DatabaseTransient")]),
            ],
            applyFixIts: ["Replace 'let' with 'var'"],
            fixedSource: """
            @DatabaseRecord
            struct Player {
                var id: Int64
                var kind: String = "player"
            }
            """)
    }

    func testTransientWithoutValue() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseTransient var cache: [String]
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var cache: [String]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseTransient property 'cache' needs an initial value: a record fetched from the database takes it",
                    line: 4, column: 28),
            ])
    }

    func testColumnAndTransient() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseColumn("c") @DatabaseTransient var cache: Int = 0
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var cache: Int = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'cache' can not be both a @DatabaseColumn and @DatabaseTransient",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "Remove @DatabaseTransient")]),
            ],
            applyFixIts: ["Remove @DatabaseTransient"],
            fixedSource: """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseColumn("c") var cache: Int = 0
            }
            """)
    }

    func testColumnNameNotLiteral() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseColumn(columnName) var score: Int
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var score: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseColumn takes the column name as a string literal",
                    line: 4, column: 5),
            ])
    }

    func testEmptyColumnName() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord
            struct Player {
                var id: Int64
                @DatabaseColumn("") var score: Int
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
                var score: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseColumn takes a column name that is not empty",
                    line: 4, column: 5),
            ])
    }

    func testTableNotLiteral() {
        assertDatabaseRecordExpansion(
            """
            @DatabaseRecord(table: tableName)
            struct Player {
                var id: Int64
            }
            """,
            expandedSource: """
            struct Player {
                var id: Int64
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseRecord(table:) takes the table name as a string literal",
                    line: 1, column: 1),
            ])
    }
}
