import SwiftDiagnostics
import SwiftSyntax

/// The errors of `@DatabaseRecord`, `@DatabaseColumn` and
/// `@DatabaseTransient`, each with its own identifier.
enum DatabaseRecordDiagnostic: DiagnosticMessage {
    case notAStruct(kind: String)
    case genericStruct
    case computedColumn(name: String)
    case duplicateColumn(column: String, property: String, previous: String)
    case unmappableType(property: String, reason: String)
    case missingType(property: String)
    case initializedLet(property: String)
    case transientWithoutValue(property: String)
    case columnAndTransient(property: String)
    case columnNameNotLiteral
    case emptyColumnName
    case tableNameNotLiteral

    var message: String {
        switch self {
        case .notAStruct(let kind):
            return "@DatabaseRecord applies to a struct, not to \(kind)"
        case .genericStruct:
            return "@DatabaseRecord does not apply to a generic struct: its columns are static properties"
        case .computedColumn(let name):
            return "@DatabaseColumn applies to a stored property; '\(name)' is computed"
        case .duplicateColumn(let column, let property, let previous):
            return "'\(property)' and '\(previous)' are both stored in the column \"\(column)\""
        case .unmappableType(let property, let reason):
            return "@DatabaseRecord can not store '\(property)' in a column: \(reason)"
        case .missingType(let property):
            return "@DatabaseRecord needs the type of '\(property)': write it (as in 'var \(property): Int = 0')"
        case .initializedLet(let property):
            return "'\(property)' is a 'let' with an initial value: a record fetched from the database can not set it"
        case .transientWithoutValue(let property):
            return "@DatabaseTransient property '\(property)' needs an initial value: a record fetched from the database takes it"
        case .columnAndTransient(let property):
            return "'\(property)' can not be both a @DatabaseColumn and @DatabaseTransient"
        case .columnNameNotLiteral:
            return "@DatabaseColumn takes the column name as a string literal"
        case .emptyColumnName:
            return "@DatabaseColumn takes a column name that is not empty"
        case .tableNameNotLiteral:
            return "@DatabaseRecord(table:) takes the table name as a string literal"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .notAStruct: id = "notAStruct"
        case .genericStruct: id = "genericStruct"
        case .computedColumn: id = "computedColumn"
        case .duplicateColumn: id = "duplicateColumn"
        case .unmappableType: id = "unmappableType"
        case .missingType: id = "missingType"
        case .initializedLet: id = "initializedLet"
        case .transientWithoutValue: id = "transientWithoutValue"
        case .columnAndTransient: id = "columnAndTransient"
        case .columnNameNotLiteral: id = "columnNameNotLiteral"
        case .emptyColumnName: id = "emptyColumnName"
        case .tableNameNotLiteral: id = "tableNameNotLiteral"
        }
        return MessageID(domain: "FolioMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its of the diagnostics.
struct DatabaseRecordFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "FolioMacros", id: message) }

    static let useStruct = DatabaseRecordFixIt(message: "Replace with 'struct'")
    static let removeDatabaseColumn = DatabaseRecordFixIt(message: "Remove @DatabaseColumn")
    static let markTransient = DatabaseRecordFixIt(message: "Mark it @DatabaseTransient")
    static let useVar = DatabaseRecordFixIt(message: "Replace 'let' with 'var'")
    static let removeTransient = DatabaseRecordFixIt(message: "Remove @DatabaseTransient")
}
