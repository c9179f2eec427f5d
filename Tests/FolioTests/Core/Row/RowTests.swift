import Folio
import XCTest

/// The records of the scope tests: books, their authors, and the
/// countries of the authors.
private struct Country: TableRecord { }

private struct Author: TableRecord {
    static let country = belongsTo(Country.self)
}

private struct Book: TableRecord {
    static let author = belongsTo(Author.self)
}

/// A record that reads its columns by name in `init(row:)`.
private struct Pair: FetchableRecord, Equatable {
    var a: Int
    var b: Int
}

extension Pair {
    init(row: Row) throws {
        a = try row.decode(forColumn: "a")
        b = try row.decode(forColumn: "b")
    }
}

/// A record that reads its columns by name with `Decodable`.
private struct DecodedPair: Decodable, FetchableRecord, Equatable {
    var a: Int
    var b: Int
}

/// A record that reads three columns by name in `init(row:)`, in the
/// reverse order of its properties.
private struct Triple: FetchableRecord, Equatable {
    var a: Int
    var b: Int
    var c: Int
}

extension Triple {
    init(row: Row) throws {
        c = try row.decode(forColumn: "c")
        b = try row.decode(forColumn: "b")
        a = try row.decode(forColumn: "a")
    }
}

/// A record that reads three columns by name with `Decodable`.
private struct DecodedTriple: Decodable, FetchableRecord, Equatable {
    var a: Int
    var b: Int
    var c: Int
}

/// `Row`: rows that read the statement of a cursor and rows that hold their
/// values, the scopes of joined requests, duplicate column names, and
/// reading columns by name in any order (look-ups remember where the last
/// one matched).
final class RowTests: FolioTestCase {
    // MARK: - Live and copied rows

    /// A database with the table `t (id, letter)`: (1, 'x'), (2, 'y'), (3, 'z').
    private func makeLetters() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, letter TEXT);
                INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z');
                """)
        }
        return dbQueue
    }

    private static let lettersSQL = "SELECT id, letter FROM t ORDER BY id"

    func testCursorReturnsOneRowThatReadsTheCurrentStep() throws {
        try makeLetters().read { db in
            let cursor = try Row.fetchCursor(db, sql: Self.lettersSQL)
            let first = try XCTUnwrap(cursor.next())
            XCTAssertEqual(Array(first.columnNames), ["id", "letter"])
            XCTAssertEqual(first.count, 2)
            XCTAssertEqual(first["id"] as Int, 1)
            XCTAssertEqual(first[1] as String, "x")
            XCTAssertEqual(Array(first.databaseValues), [1.databaseValue, "x".databaseValue])

            let second = try XCTUnwrap(cursor.next())
            XCTAssertTrue(first === second)
            // The row returned by the first step reads the second one.
            XCTAssertEqual(first["id"] as Int, 2)
            XCTAssertEqual(first["letter"] as String, "y")
            XCTAssertEqual(first, ["id": 2, "letter": "y"])
            XCTAssertEqual(Array(first.columnNames), ["id", "letter"])
            XCTAssertEqual(first.count, 2)
        }
    }

    func testCopyOfCursorRowKeepsItsValuesAfterTheCursorStepsOn() throws {
        try makeLetters().read { db in
            let cursor = try Row.fetchCursor(db, sql: Self.lettersSQL)
            let live = try XCTUnwrap(cursor.next())
            let firstCopy = live.copy()
            XCTAssertFalse(firstCopy === live)
            _ = try cursor.next()
            XCTAssertEqual(live["letter"] as String, "y")
            XCTAssertEqual(firstCopy["letter"] as String, "x")

            var copies = [firstCopy, live.copy()]
            while let row = try cursor.next() {
                copies.append(row.copy())
            }
            XCTAssertEqual(copies, [["id": 1, "letter": "x"], ["id": 2, "letter": "y"], ["id": 3, "letter": "z"]])
            XCTAssertEqual(copies.map { Array($0.columnNames) }, Array(repeating: ["id", "letter"], count: 3))
            XCTAssertEqual(copies.map(\.count), [2, 2, 2])
            XCTAssertEqual(copies.map { $0[0] as Int }, [1, 2, 3])
            XCTAssertEqual(copies.map { $0["LETTER"] as String }, ["x", "y", "z"])

            // The statement runs again: the copies keep their values.
            XCTAssertEqual(try Row.fetchAll(db, sql: Self.lettersSQL).count, 3)
            XCTAssertEqual(copies[0], ["id": 1, "letter": "x"])
            // A copy holds its values already: copying it gives itself.
            XCTAssertTrue(copies[0].copy() === copies[0])
        }
    }

    func testFetchAllAndFetchOneReturnRowsThatHoldTheirValues() throws {
        try makeLetters().inDatabase { db in
            let rows = try Row.fetchAll(db, sql: Self.lettersSQL)
            XCTAssertEqual(rows.count, 3)
            XCTAssertFalse(rows[0] === rows[1])
            XCTAssertEqual(rows.map { $0["letter"] as String }, ["x", "y", "z"])
            XCTAssertEqual(rows.map { Array($0.columnNames) }, Array(repeating: ["id", "letter"], count: 3))
            XCTAssertTrue(rows[0].copy() === rows[0])

            // The same statement steps again, and the table changes: the
            // fetched rows keep their values.
            let cursor = try Row.fetchCursor(db, sql: Self.lettersSQL)
            while try cursor.next() != nil { }
            try db.execute(sql: "UPDATE t SET letter = upper(letter)")
            XCTAssertEqual(rows, [["id": 1, "letter": "x"], ["id": 2, "letter": "y"], ["id": 3, "letter": "z"]])

            let one = try XCTUnwrap(Row.fetchOne(db, sql: Self.lettersSQL))
            XCTAssertEqual(one, ["id": 1, "letter": "X"])
            XCTAssertTrue(one.copy() === one)
            _ = try Row.fetchAll(db, sql: Self.lettersSQL)
            XCTAssertEqual(one, ["id": 1, "letter": "X"])
            XCTAssertNil(try Row.fetchOne(db, sql: "SELECT id, letter FROM t WHERE id > 3"))
        }
    }

    func testRowsWithTheSameColumnsAndValuesAreEqualLiveOrCopied() throws {
        try makeLetters().read { db in
            let cursor = try Row.fetchCursor(db, sql: Self.lettersSQL)
            let live = try XCTUnwrap(cursor.next())
            let copy = live.copy()
            XCTAssertEqual(live, copy)
            XCTAssertEqual(live.hashValue, copy.hashValue)
            XCTAssertTrue(Set([copy]).contains(live))
            XCTAssertEqual(copy, try Row.fetchOne(db, sql: Self.lettersSQL))
            XCTAssertEqual(copy, ["id": 1, "letter": "x"])
            // Numbers compare by value, whatever their storage class.
            XCTAssertEqual(copy, ["id": 1.0, "letter": "x"])
            // Column names and their order count.
            XCTAssertNotEqual(copy, ["letter": "x", "id": 1])
            XCTAssertNotEqual(copy, ["id": 1, "name": "x"])
            XCTAssertNotEqual(copy, ["id": 1])

            _ = try cursor.next()
            XCTAssertNotEqual(live, copy)
            XCTAssertEqual(live, ["id": 2, "letter": "y"])
        }
    }

    // MARK: - Scoped rows

    /// A database with countries, authors and their books. Book ids and
    /// author ids differ, so that a read of the wrong `id` column shows.
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO country VALUES ('RU', 'Russia'), ('FR', 'France');
                INSERT INTO author VALUES (1, 'Tolstoy', 'RU'), (2, 'Anonymous', NULL);
                INSERT INTO book VALUES (10, 1, 'War and Peace'), (11, 2, 'Beowulf'), (12, NULL, 'Orphan');
                """)
        }
        return dbQueue
    }

    func testRowOfJoinedRequestHoldsTheBaseColumnsAndTheAssociatedRowInAScope() throws {
        try makeLibrary().read { db in
            let rows = try Row.fetchAll(db, Book.including(required: Book.author).order(Column("id")))
            XCTAssertEqual(rows.count, 2)
            let row = rows[0]
            XCTAssertEqual(Array(row.columnNames), ["id", "authorId", "title"])
            XCTAssertEqual(row.count, 3)
            XCTAssertEqual(row["id"] as Int64, 10)
            // Rows compare their scopes too.
            XCTAssertNotEqual(row, ["id": 10, "authorId": 1, "title": "War and Peace"])
            XCTAssertEqual(row.unscoped, ["id": 10, "authorId": 1, "title": "War and Peace"])
            // The base row does not see the columns of its scopes.
            XCTAssertFalse(row.hasColumn("name"))
            XCTAssertNil(row["name"] as String?)

            XCTAssertEqual(row.scopes.names.sorted(), ["author"])
            let author = try XCTUnwrap(row.scopes["author"])
            XCTAssertEqual(author, ["id": 1, "name": "Tolstoy", "countryCode": "RU"])
            XCTAssertEqual(author["id"] as Int64, 1)
            XCTAssertEqual(author.scopes.names.sorted(), [])
            XCTAssertNil(row.scopes["country"])
            XCTAssertEqual(rows[1].scopes["author"], ["id": 2, "name": "Anonymous", "countryCode": nil])

            // Without its scopes, and with all the columns of the statement.
            XCTAssertEqual(row.unscoped, ["id": 10, "authorId": 1, "title": "War and Peace"])
            XCTAssertEqual(row.unscoped.scopes.names.sorted(), [])
            XCTAssertNil(row.unscoped.scopes["author"])
            let unadapted = row.unadapted
            XCTAssertEqual(Array(unadapted.columnNames), ["id", "authorId", "title", "id", "name", "countryCode"])
            XCTAssertEqual(unadapted.count, 6)
            XCTAssertEqual(unadapted["id"] as Int64, 10)
            XCTAssertEqual(unadapted["name"] as String, "Tolstoy")
            XCTAssertEqual(unadapted[3] as Int64, 1)
        }
    }

    func testOptionalScopeOfAMissingRecordHasOnlyNulls() throws {
        try makeLibrary().read { db in
            let rows = try Row.fetchAll(db, Book.including(optional: Book.author).order(Column("id")))
            XCTAssertEqual(rows.map { $0["title"] as String }, ["War and Peace", "Beowulf", "Orphan"])
            XCTAssertEqual(rows.map { $0.scopes["author"]?.containsNonNullValue }, [true, true, false])
            let missingAuthor = try XCTUnwrap(rows[2].scopes["author"])
            XCTAssertEqual(missingAuthor, ["id": nil, "name": nil, "countryCode": nil])
        }
    }

    func testScopesTreeFindsTheScopesOfScopes() throws {
        try makeLibrary().read { db in
            let request = Book
                .including(required: Book.author.including(optional: Author.country))
                .order(Column("id"))
            let rows = try Row.fetchAll(db, request)
            let row = rows[0]
            XCTAssertEqual(row.scopes.names.sorted(), ["author"])
            XCTAssertNil(row.scopes["country"])
            let author = try XCTUnwrap(row.scopes["author"])
            XCTAssertEqual(author.scopes.names.sorted(), ["country"])
            XCTAssertEqual(author.scopes["country"], ["code": "RU", "name": "Russia"])
            XCTAssertEqual(author.unscoped, ["id": 1, "name": "Tolstoy", "countryCode": "RU"])

            XCTAssertEqual(row.scopesTree["author"], author)
            XCTAssertEqual(row.scopesTree["country"], ["code": "RU", "name": "Russia"])
            XCTAssertEqual(author.scopesTree["country"], ["code": "RU", "name": "Russia"])
            XCTAssertNil(row.scopesTree["book"])
            XCTAssertNil(row.scopesTree["missing"])
            XCTAssertEqual(rows[1].scopesTree["country"]?.containsNonNullValue, false)
        }
    }

    func testScopesOfCursorRowReadTheCurrentStepAndCopiesKeepThem() throws {
        try makeLibrary().read { db in
            let request = Book
                .including(required: Book.author.including(optional: Author.country))
                .order(Column("id"))
            let cursor = try Row.fetchCursor(db, request)
            var authorNames: [String] = []
            var countryNames: [String?] = []
            var copies: [Row] = []
            var firstAuthor: Row?
            while let row = try cursor.next() {
                let author = try XCTUnwrap(row.scopes["author"])
                let country = try XCTUnwrap(row.scopesTree["country"])
                authorNames.append(author["name"])
                countryNames.append(country["name"])
                copies.append(row.copy())
                if firstAuthor == nil {
                    firstAuthor = author
                }
            }
            XCTAssertEqual(authorNames, ["Tolstoy", "Anonymous"])
            XCTAssertEqual(countryNames, ["Russia", nil])

            // The scope rows of a cursor row read the statement too.
            XCTAssertEqual(firstAuthor?.count, 3)
            XCTAssertEqual((firstAuthor?.columnNames).map(Array.init), ["id", "name", "countryCode"])

            // The copies keep their scopes.
            XCTAssertEqual(copies.map(\.unscoped), [
                ["id": 10, "authorId": 1, "title": "War and Peace"],
                ["id": 11, "authorId": 2, "title": "Beowulf"],
            ])
            XCTAssertEqual(copies.map { $0.scopes.names.sorted() }, [["author"], ["author"]])
            XCTAssertEqual(copies.map { $0.scopes["author"]?.unscoped }, [
                ["id": 1, "name": "Tolstoy", "countryCode": "RU"],
                ["id": 2, "name": "Anonymous", "countryCode": nil],
            ])
            XCTAssertEqual(copies[0].scopesTree["country"], ["code": "RU", "name": "Russia"])
            XCTAssertEqual(copies[1].scopesTree["country"]?.containsNonNullValue, false)
        }
    }

    // MARK: - Duplicate column names

    func testDuplicateColumnNamesReadTheLeftmostColumnIgnoringCase() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 2 AS a, 3 AS A"
            let cursor = try Row.fetchCursor(db, sql: sql)
            let live = try XCTUnwrap(cursor.next())
            let copied = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            for row in [live, copied] {
                XCTAssertEqual(Array(row.columnNames), ["a", "a", "A"])
                XCTAssertEqual(row.count, 3)
                XCTAssertEqual(Array(row.databaseValues), [1.databaseValue, 2.databaseValue, 3.databaseValue])
                XCTAssertEqual(row.map(\.0), ["a", "a", "A"])
                // Reads by name, in various orders, after reads by index.
                XCTAssertEqual(row["a"] as Int, 1)
                XCTAssertEqual(row["a"] as Int, 1)
                XCTAssertEqual(row["A"] as Int, 1)
                XCTAssertEqual(row[2] as Int, 3)
                XCTAssertEqual(row["A"] as Int, 1)
                XCTAssertEqual(row[1] as Int, 2)
                XCTAssertEqual(row["a"] as Int, 1)
                XCTAssertEqual(try row.decode(Int.self, forColumn: "A"), 1)
                XCTAssertTrue(row.hasColumn("A"))
            }
            XCTAssertEqual(live, copied)
        }
    }

    func testDuplicateColumnNamesIgnoreTheCaseOfASCIILettersOnly() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = #"SELECT 1 AS a, 2 AS "é", 3 AS b, 4 AS A, 5 AS "É", 6 AS B, 7 AS "é""#
            let cursor = try Row.fetchCursor(db, sql: sql)
            let live = try XCTUnwrap(cursor.next())
            let copied = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            for row in [live, copied] {
                XCTAssertEqual(row["A"] as Int, 1)
                XCTAssertEqual(row["B"] as Int, 3)
                XCTAssertEqual(row["é"] as Int, 2)
                XCTAssertEqual(row["É"] as Int, 5)
                XCTAssertEqual(row[6] as Int, 7)
            }
        }
    }

    func testDuplicateColumnNamesOfAWideRowReadTheLeftmostColumn() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            // More columns than the narrow rows (16 or less) that compare
            // names without a dictionary.
            var columns = (0..<20).map { "\($0) AS c\($0)" }
            columns[17] = "17 AS C3"
            columns[19] = "19 AS C18"
            let sql = "SELECT " + columns.joined(separator: ", ")
            let cursor = try Row.fetchCursor(db, sql: sql)
            let live = try XCTUnwrap(cursor.next())
            let copied = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            for row in [live, copied] {
                XCTAssertEqual(row.count, 20)
                XCTAssertEqual(row["c3"] as Int, 3)
                XCTAssertEqual(row["C3"] as Int, 3)
                XCTAssertEqual(row["c17"] as Int?, nil)
                XCTAssertEqual(row["c18"] as Int, 18)
                XCTAssertEqual(row["C18"] as Int, 18)
                XCTAssertEqual(row[17] as Int, 17)
                XCTAssertEqual(row[19] as Int, 19)
            }
        }
    }

    func testRecordsDecodeTheLeftmostOfDuplicateColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 2 AS a, 3 AS A, 4 AS b"
            XCTAssertEqual(try Pair.fetchAll(db, sql: sql), [Pair(a: 1, b: 4)])
            XCTAssertEqual(try DecodedPair.fetchAll(db, sql: sql), [DecodedPair(a: 1, b: 4)])
            XCTAssertEqual(try Pair.fetchOne(db, sql: sql), Pair(a: 1, b: 4))
            XCTAssertEqual(try DecodedPair.fetchOne(db, sql: sql), DecodedPair(a: 1, b: 4))

            // Over several steps of a cursor, with the names in another order.
            let many = "SELECT 1 AS b, 2 AS a, 3 AS A, 4 AS a UNION ALL SELECT 5, 6, 7, 8"
            XCTAssertEqual(try Array(Pair.fetchCursor(db, sql: many)), [Pair(a: 2, b: 1), Pair(a: 6, b: 5)])
            XCTAssertEqual(try Array(DecodedPair.fetchCursor(db, sql: many)), [DecodedPair(a: 2, b: 1), DecodedPair(a: 6, b: 5)])
        }
    }

    func testScopeRowsReadTheirOwnColumnOfANameThatTheBaseRowHasToo() throws {
        try makeLibrary().read { db in
            let request = Book.including(required: Book.author).order(Column("id"))
            let cursor = try Row.fetchCursor(db, request)
            var ids: [[Int64]] = []
            while let row = try cursor.next() {
                let author = try XCTUnwrap(row.scopes["author"])
                // Each read by name alternates between the book and its author.
                ids.append([row["id"], author["id"], author["ID"], row["ID"], author["id"]])
            }
            XCTAssertEqual(ids, [[10, 1, 1, 10, 1], [11, 2, 2, 11, 2]])

            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map { $0["id"] as Int64 }, [10, 11])
            XCTAssertEqual(rows.map { $0.scopes["author"].map { $0["ID"] as Int64 } }, [1, 2])
        }
    }

    func testDuplicateNameReadsLeftmostColumnAfterReadingColumnsToItsRight() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS id, 2 AS name, 3 AS id, 4 AS ID"
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(row["name"] as Int, 2)
            XCTAssertEqual(row["id"] as Int, 1)
            XCTAssertEqual(row["name"] as Int, 2)
            XCTAssertEqual(row["ID"] as Int, 1)

            let copy = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            XCTAssertEqual(copy["name"] as Int, 2)
            XCTAssertEqual(copy["id"] as Int, 1)

            let statement = try db.makeStatement(sql: sql)
            XCTAssertEqual(statement.index(ofColumn: "name"), 1)
            XCTAssertEqual(statement.index(ofColumn: "id"), 0)
            XCTAssertEqual(statement.index(ofColumn: "Id"), 0)
        }
    }

    // MARK: - Column look-up hint

    func testNamedReadsInAnyOrderFindTheRightColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c UNION ALL SELECT 4, 5, 6")
            var reads: [Int] = []
            while let row = try cursor.next() {
                reads += [row["a"], row["b"], row["c"], row["c"], row["a"], row["b"]] as [Int]
            }
            XCTAssertEqual(reads, [1, 2, 3, 3, 1, 2, 4, 5, 6, 6, 4, 5])
        }
    }

    func testColumnsReadInEveryOrderOverManyStepsOfACursor() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER, b INTEGER, c INTEGER)")
            for i in 0..<60 {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [i, i * 10, i * 100])
            }
            // Each step reads in another order than the step before, with
            // repeated, missing, and differently cased names.
            let orders: [[String]] = [
                ["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"], ["c", "b", "a"],
                ["a", "c", "b"], ["b", "a", "c"], ["a", "a", "c", "c"], ["missing", "b", "a", "missing"],
                ["C", "a", "B"], ["c", "missing", "c"], ["b"], ["a", "b", "c", "a", "b", "c"],
            ]
            func expected(_ name: String, _ i: Int) -> Int? {
                switch name.lowercased() {
                case "a": i
                case "b": i * 10
                case "c": i * 100
                default: nil
                }
            }
            let cursor = try Row.fetchCursor(db, sql: "SELECT a, b, c FROM t ORDER BY a")
            var copies: [Row] = []
            var i = 0
            while let row = try cursor.next() {
                let order = orders[i % orders.count]
                for name in order {
                    XCTAssertEqual(row[name] as Int?, expected(name, i), "step \(i), \(order)")
                    XCTAssertEqual(try row.decode(Int?.self, forColumn: name), expected(name, i), "step \(i), \(order)")
                }
                XCTAssertEqual(row.hasColumn("missing"), false)
                copies.append(row.copy())
                i += 1
            }
            XCTAssertEqual(i, 60)

            // Copied rows, read in the orders of other steps.
            for (i, row) in copies.enumerated() {
                let order = orders[(i + 5) % orders.count]
                for name in order {
                    XCTAssertEqual(row[name] as Int?, expected(name, i), "copy \(i), \(order)")
                }
            }
        }
    }

    func testStatementsWithTheSameColumnsInAnotherOrderReadTheirOwnColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c); INSERT INTO t VALUES (1, 2, 3), (4, 5, 6)")
            let orders = ["a, b, c", "c, a, b", "b, c, a", "c, b, a", "a, b, c"]

            // One cursor after the other.
            for columns in orders {
                let cursor = try Row.fetchCursor(db, sql: "SELECT \(columns) FROM t ORDER BY a")
                var reads: [[Int]] = []
                while let row = try cursor.next() {
                    XCTAssertEqual(row.columnNames.joined(separator: ", "), columns)
                    reads.append([row["a"], row["b"], row["c"]])
                    reads.append([row["c"], row["b"], row["a"]])
                }
                XCTAssertEqual(reads, [[1, 2, 3], [3, 2, 1], [4, 5, 6], [6, 5, 4]], columns)
            }

            // Records that read by name, one statement after the other.
            for columns in orders {
                let sql = "SELECT \(columns) FROM t ORDER BY a"
                XCTAssertEqual(try Triple.fetchAll(db, sql: sql), [Triple(a: 1, b: 2, c: 3), Triple(a: 4, b: 5, c: 6)], columns)
                XCTAssertEqual(try DecodedTriple.fetchAll(db, sql: sql), [DecodedTriple(a: 1, b: 2, c: 3), DecodedTriple(a: 4, b: 5, c: 6)], columns)
                XCTAssertEqual(try Array(DecodedTriple.fetchCursor(db, sql: sql)), [DecodedTriple(a: 1, b: 2, c: 3), DecodedTriple(a: 4, b: 5, c: 6)], columns)
                XCTAssertEqual(try Array(Triple.fetchCursor(db, sql: sql)), [Triple(a: 1, b: 2, c: 3), Triple(a: 4, b: 5, c: 6)], columns)
            }

            // Two cursors stepped in turn.
            let abc = try Row.fetchCursor(db, sql: "SELECT a, b, c FROM t ORDER BY a")
            let cab = try Row.fetchCursor(db, sql: "SELECT c, a, b FROM t ORDER BY a")
            var reads: [[Int]] = []
            while let row1 = try abc.next(), let row2 = try cab.next() {
                reads.append([row1["c"], row2["c"], row1["a"], row2["a"], row2["b"], row1["b"]])
            }
            XCTAssertEqual(reads, [[3, 3, 1, 1, 2, 2], [6, 6, 4, 4, 5, 5]])
        }
    }

    func testCachedStatementReusedAfterAlterTableReadsTheNewColumns() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT * FROM t ORDER BY rowid"
            func rows() throws -> [Row] { try Row.fetchAll(db.cachedStatement(sql: sql)) }
            func cursorReads(_ names: [String]) throws -> [[Int?]] {
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql))
                var reads: [[Int?]] = []
                while let row = try cursor.next() {
                    reads.append(names.map { row[$0] as Int? })
                }
                return reads
            }

            try db.execute(sql: "CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 2), (3, 4)")
            XCTAssertEqual(try cursorReads(["b", "a", "c"]), [[2, 1, nil], [4, 3, nil]])
            XCTAssertEqual(try rows(), [["a": 1, "b": 2], ["a": 3, "b": 4]])
            XCTAssertEqual(try DecodedPair.fetchAll(db.cachedStatement(sql: sql)), [DecodedPair(a: 1, b: 2), DecodedPair(a: 3, b: 4)])
            XCTAssertEqual(try Pair.fetchAll(db.cachedStatement(sql: sql)), [Pair(a: 1, b: 2), Pair(a: 3, b: 4)])

            // A column is added.
            try db.execute(sql: "ALTER TABLE t ADD COLUMN c DEFAULT 5")
            XCTAssertEqual(try cursorReads(["b", "a", "c"]), [[2, 1, 5], [4, 3, 5]])
            XCTAssertEqual(try rows(), [["a": 1, "b": 2, "c": 5], ["a": 3, "b": 4, "c": 5]])
            XCTAssertEqual(try Array(DecodedTriple.fetchCursor(db.cachedStatement(sql: sql))), [
                DecodedTriple(a: 1, b: 2, c: 5), DecodedTriple(a: 3, b: 4, c: 5),
            ])

            // A column is renamed.
            try db.execute(sql: "ALTER TABLE t RENAME COLUMN a TO z")
            XCTAssertEqual(try cursorReads(["b", "a", "c", "z"]), [[2, nil, 5, 1], [4, nil, 5, 3]])
            XCTAssertEqual(try rows().map { Array($0.columnNames) }, [["z", "b", "c"], ["z", "b", "c"]])
            XCTAssertThrowsError(try DecodedPair.fetchAll(db.cachedStatement(sql: sql))) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }

            // The table is recreated with its columns in another order.
            try db.execute(sql: "DROP TABLE t; CREATE TABLE t (c, b, a); INSERT INTO t VALUES (30, 20, 10)")
            XCTAssertEqual(try cursorReads(["b", "a", "c", "z"]), [[20, 10, 30, nil]])
            XCTAssertEqual(try rows(), [["c": 30, "b": 20, "a": 10]])
            XCTAssertEqual(try DecodedTriple.fetchAll(db.cachedStatement(sql: sql)), [DecodedTriple(a: 10, b: 20, c: 30)])
            XCTAssertEqual(try Triple.fetchAll(db.cachedStatement(sql: sql)), [Triple(a: 10, b: 20, c: 30)])
        }
    }

    // MARK: - Reading columns by name

    func testNamedDecodingFallsBackOnNullConversionsAndErrors() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let sql = "SELECT 1 AS a, 'x' AS b UNION ALL SELECT NULL, 'y' UNION ALL SELECT 2.0, 'z' UNION ALL SELECT 'many', 'w'"
            let cursor = try Row.fetchCursor(db, sql: sql)
            var values: [Int?] = []
            var names: [String] = []
            var errors: [RowDecodingError] = []
            while let row = try cursor.next() {
                do {
                    values.append(try row.decode(Int?.self, forColumn: "a"))
                    _ = try row.decode(Int.self, forColumn: "a")
                } catch let error as RowDecodingError {
                    errors.append(error)
                }
                names.append(try row.decode(String.self, forColumn: "b"))
            }
            XCTAssertEqual(values, [1, nil, 2])
            XCTAssertEqual(names, ["x", "y", "z", "w"])
            // NULL for Int, then a string for Int? (which stops before Int).
            XCTAssertEqual(errors.map(\.reason), [.valueMismatch, .valueMismatch])
            XCTAssertEqual(errors.map(\.column), ["a", "a"])
            XCTAssertEqual(errors.map(\.databaseValue), [.null, "many".databaseValue])
            XCTAssertEqual(errors.map(\.typeName), ["Int", "Int"])

            // Copied rows take the same path as a miss of the fast path.
            let rows = try Row.fetchAll(db, sql: sql)
            XCTAssertEqual(try rows.prefix(3).map { try $0.decode(Int?.self, forColumn: "A") }, [1, nil, 2])
            XCTAssertThrowsError(try rows[1].decode(Int.self, forColumn: "a"))
            XCTAssertThrowsError(try rows[0].decode(Int.self, forColumn: "missing")) { error in
                XCTAssertEqual((error as? RowDecodingError)?.reason, .columnNotFound)
            }
        }
    }

    func testNamedReadsAreCaseInsensitiveAndMissingColumnsAreNil() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.inDatabase { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS playerId, 'Arthur' AS name")
            let row = try XCTUnwrap(cursor.next())
            XCTAssertEqual(row["PLAYERID"] as Int, 1)
            XCTAssertEqual(row["name"] as String, "Arthur")
            XCTAssertEqual(row["playerid"] as Int, 1)
            XCTAssertNil(row["missing"] as Int?)
            XCTAssertEqual(row["Name"] as String, "Arthur")
            XCTAssertTrue(row.hasColumn("NAME"))
            XCTAssertFalse(row.hasColumn("score"))
        }
    }
}
