import Folio
import XCTest

/// No name given to the query interface (a column, a table, an alias, a
/// CTE, an association key) changes which tables a statement reads, and
/// every name comes back byte for byte in the row.
final class NameInjectionTests: FolioTestCase {
    /// A double quote followed by a combining acute accent: one Swift
    /// `Character`, which is not equal to `"`.
    private static let quote = "\"\u{301}"

    /// A name that reads the `sentinel` table when its quote is not
    /// doubled.
    private static let injectingName = "v\(quote), (SELECT group_concat(secret) FROM sentinel) AS y FROM t --"

    private struct Author: TableRecord, FetchableRecord, Decodable {
        static let books = hasMany(Book.self)
        var id: Int64
    }

    private struct Book: TableRecord, FetchableRecord, Decodable {
        static let author = belongsTo(Author.self)
        var id: Int64
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (v TEXT);
                INSERT INTO t VALUES ('visible');
                CREATE TABLE sentinel (secret TEXT);
                INSERT INTO sentinel VALUES ('leaked');
                CREATE TABLE author (id INTEGER PRIMARY KEY);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                INSERT INTO author VALUES (1);
                INSERT INTO book VALUES (1, 1);
                """)
        }
        return dbQueue
    }

    /// Random names made of the characters that matter to SQL quoting,
    /// combining marks included. Deterministic.
    private func randomNames(count: Int) -> [String] {
        let pieces = [
            "\"", "'", "`", "[", "]", "\u{301}", "\u{323}", "e", "E", "\u{E9}", "\u{C9}", " ", "-", "--", "/*", "*/",
            ";", ",", "(", ")", "a", "Z", "\u{1F600}", "\u{200D}", "\u{FE0F}", "\u{212A}", ".", "?", ":x", "$",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            (0..<(1 + next() % 8)).map { _ in pieces[next() % pieces.count] }.joined()
        }
    }

    func testInjectingColumnNameDoesNotReadAnotherTable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let request = Table("t").select(Column(Self.injectingName))
            XCTAssertThrowsError(try Row.fetchAll(db, request)) { error in
                let error = error as! DatabaseError
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message!.hasPrefix("no such column"), error.message!)
                XCTAssertEqual(
                    Array(error.sql!.utf8),
                    Array("SELECT \"v\"\"\u{301}, (SELECT group_concat(secret) FROM sentinel) AS y FROM t --\" FROM \"t\"".utf8))
            }
        }
    }

    func testInjectingOrderingColumnDoesNotReadAnotherTable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let name = "v\(Self.quote) + (SELECT count(*) FROM sentinel) --"
            let request = Table("t").order(Column(name))
            XCTAssertThrowsError(try Row.fetchAll(db, request)) { error in
                XCTAssertEqual((error as! DatabaseError).resultCode, .SQLITE_ERROR)
            }
        }
    }

    func testInjectingTableNameDoesNotReadAnotherTable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let name = "t\(Self.quote) JOIN sentinel --"
            XCTAssertThrowsError(try Row.fetchAll(db, Table(name).all())) { error in
                let error = error as! DatabaseError
                XCTAssertEqual(error.resultCode, .SQLITE_ERROR)
                XCTAssertTrue(error.message!.hasPrefix("no such table"), error.message!)
            }
        }
    }

    func testAliasesRoundTripByteForByte() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let aliases = randomNames(count: 600) + [Self.injectingName, "caf\u{E9}", "cafe\u{301}", "e\u{301}"]
            for alias in aliases {
                let request = Table("t").select(Column("v").forKey(alias))
                let row = try Row.fetchOne(db, request)!
                XCTAssertEqual(row.columnNames.map { Array($0.utf8) }, [Array(alias.utf8)], alias)
                XCTAssertEqual(row[alias] as String?, "visible", alias)
            }
        }
    }

    func testAnnotationKeysRoundTripByteForByte() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            for key in randomNames(count: 200) + [Self.injectingName] {
                let request = Table("t").select(Column("v")).annotated(with: (Column("v") + "!").forKey(key))
                let row = try Row.fetchOne(db, request)!
                XCTAssertEqual(row.columnNames.map { Array($0.utf8) }, [Array("v".utf8), Array(key.utf8)], key)
            }
        }
    }

    func testTableAliasNamesAreQuoted() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let name = "a\(Self.quote) JOIN sentinel ON 1 --"
            let alias = TableAlias<Row>(name: name)
            let request = Table("t").aliased(alias).select(alias[Column("v")])
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.count, 1)
            XCTAssertEqual(rows[0][0] as String?, "visible")
            let quotedName = "\"a\"\"\u{301} JOIN sentinel ON 1 --\""
            XCTAssertEqual(
                Array(lastSQLQuery!.utf8),
                Array("SELECT \(quotedName).\"v\" FROM \"t\" \(quotedName)".utf8))
        }
    }

    func testCommonTableExpressionNamesAreQuoted() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            for name in randomNames(count: 100) + [Self.injectingName] {
                let cte = CommonTableExpression(named: name, columns: [name], sql: "SELECT 'visible'")
                let request = cte.all().with(cte)
                let row = try Row.fetchOne(db, request)!
                XCTAssertEqual(row.columnNames.map { Array($0.utf8) }, [Array(name.utf8)], name)
                XCTAssertEqual(row[0] as String?, "visible")
            }
        }
    }

    func testAssociationKeysRoundTripByteForByte() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            for key in randomNames(count: 100) + [Self.injectingName] {
                let request = Book.including(required: Book.author.forKey(key))
                let row = try Row.fetchOne(db, request)!
                XCTAssertEqual(row.scopes[key]?["id"] as Int64?, 1, key)
                let count = try Author.annotated(with: Author.books.count.forKey(key)).asRequest(of: Row.self).fetchOne(db)!
                XCTAssertEqual(count.columnNames.map { Array($0.utf8) }, [Array("id".utf8), Array(key.utf8)], key)
                XCTAssertEqual(count[key] as Int?, 1, key)
            }
        }
    }

    func testAssociationKeysThatDifferOnlyByNormalizationAreTwoAssociations() throws {
        struct Person: TableRecord {
            static let writtenBooks = hasMany(Work.self, key: "caf\u{E9}", using: ForeignKey(["authorId"]))
            static let translatedBooks = hasMany(Work.self, key: "cafe\u{301}", using: ForeignKey(["translatorId"]))
        }
        struct Work: TableRecord {
            static let author = belongsTo(Person.self, key: "caf\u{E9}", using: ForeignKey(["authorId"]))
            static let translator = belongsTo(Person.self, key: "cafe\u{301}", using: ForeignKey(["translatorId"]))
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE work (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES person(id), translatorId INTEGER REFERENCES person(id));
                INSERT INTO person VALUES (1, 'Tolstoy'), (2, 'Bienstock');
                INSERT INTO work VALUES (1, 1, 2);
                """)
            let row = try Row.fetchOne(db, Work.including(required: Work.author).including(required: Work.translator))!
            XCTAssertEqual(row.scopes["caf\u{E9}"]?["name"] as String?, "Tolstoy")
            XCTAssertEqual(row.scopes["cafe\u{301}"]?["name"] as String?, "Bienstock")

            let people = try Row.fetchAll(db, Person.including(all: Person.writtenBooks).including(all: Person.translatedBooks).order(Column("id")))
            XCTAssertEqual(people.map { $0.prefetchedRows["caf\u{E9}"]?.count }, [1, 0])
            XCTAssertEqual(people.map { $0.prefetchedRows["cafe\u{301}"]?.count }, [0, 1])
        }
    }
}
