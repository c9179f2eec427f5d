import Folio
import XCTest

private struct Country: TableRecord { }

private struct Author: TableRecord {
    static let country = belongsTo(Country.self)
    static let books = hasMany(Book.self)
}

private struct Book: TableRecord {
    static let author = belongsTo(Author.self)
}

final class RowCollectionTests: FolioTestCase {
    private func makeLibrary() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT NOT NULL);
                INSERT INTO country VALUES ('RU', 'Russia');
                INSERT INTO author VALUES (1, 'Tolstoy', 'RU'), (2, 'Anonymous', NULL);
                INSERT INTO book VALUES (10, 1, 'War and Peace'), (11, 2, 'Beowulf'), (12, 1, 'Anna Karenina');
                """)
        }
        return dbQueue
    }

    // MARK: - Row as a collection

    func testRowIsARandomAccessCollectionOfColumnNamesAndValues() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 'x' AS b, NULL AS c"))
            XCTAssertEqual(row.startIndex.distance(to: row.endIndex), 3)
            let first = row[row.startIndex]
            XCTAssertEqual(first.0, "a")
            XCTAssertEqual(first.1, 1.databaseValue)
            let last = row[row.index(before: row.endIndex)]
            XCTAssertEqual(last.0, "c")
            XCTAssertEqual(last.1, .null)
            let second = row[row.startIndex.advanced(by: 1)]
            XCTAssertEqual(second.0, "b")
            XCTAssertEqual(second.1, "x".databaseValue)
            XCTAssertEqual(row.map(\.0), ["a", "b", "c"])
            XCTAssertEqual(row.reversed().map(\.0), ["c", "b", "a"])
            XCTAssertEqual(row.first?.1, 1.databaseValue)
            XCTAssertFalse(row.isEmpty)
            XCTAssertTrue(Row().isEmpty)
            XCTAssertEqual(Row().startIndex, Row().endIndex)
        }
    }

    func testRowIndexesAreComparableAndStrideable() {
        let row: Row = ["a": 1, "b": 2]
        XCTAssertTrue(row.startIndex < row.endIndex)
        XCTAssertEqual(row.startIndex.advanced(by: 2), row.endIndex)
        XCTAssertEqual(row.endIndex.distance(to: row.startIndex), -2)
        XCTAssertEqual(Array(row.indices).count, 2)
        XCTAssertEqual(row.index(after: row.startIndex), row.startIndex.advanced(by: 1))
    }

    func testIterationOfCursorRowReadsTheCurrentStep() throws {
        try makeDatabaseQueue().read { db in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS a UNION ALL SELECT 2")
            var values: [DatabaseValue] = []
            while let row = try cursor.next() {
                for (name, value) in row {
                    XCTAssertEqual(name, "a")
                    values.append(value)
                }
            }
            XCTAssertEqual(values, [1.databaseValue, 2.databaseValue])
        }
    }

    func testAdaptedRowIsACollectionOfItsAdaptedColumns() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: ColumnMapping(["x": "c", "y": "a"])))
            XCTAssertEqual(row.map(\.0), ["y", "x"])
            XCTAssertEqual(row.map(\.1), [1.databaseValue, 3.databaseValue])
        }
    }

    // MARK: - Scopes views

    func testScopesViewIsACollectionOfScopeNamesAndRows() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ScopeAdapter(["left": RangeRowAdapter(0..<1), "right": SuffixRowAdapter(fromIndex: 1)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b", adapter: adapter))
            let scopes = row.scopes
            XCTAssertEqual(scopes.count, 2)
            XCTAssertEqual(Set(scopes.names), ["left", "right"])
            var pairs: [String: Row] = [:]
            for (name, scopeRow) in scopes {
                pairs[name] = scopeRow
            }
            XCTAssertEqual(pairs, ["left": ["a": 1], "right": ["b": 2]])
            let element = scopes[scopes.startIndex]
            XCTAssertEqual(element.row, scopes[element.name])
            XCTAssertEqual(scopes.index(after: scopes.index(after: scopes.startIndex)), scopes.endIndex)

            let plain = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1"))
            XCTAssertTrue(plain.scopes.isEmpty)
            XCTAssertEqual(plain.scopes.startIndex, plain.scopes.endIndex)
        }
    }

    func testScopesTreeNamesHoldsTheNamesOfAllScopes() throws {
        try makeLibrary().read { db in
            let request = Book.including(required: Book.author.including(optional: Author.country))
            let row = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(row.scopesTree.names, ["author", "country"])
            XCTAssertEqual(row.scopes.names.sorted(), ["author"])
            XCTAssertEqual(row.scopesTree["country"], ["code": "RU", "name": "Russia"])
            XCTAssertEqual(try Row.fetchOne(db, sql: "SELECT 1")?.scopesTree.names, [])
        }
    }

    // MARK: - Equality

    func testRowsWithDifferentScopesAreNotEqual() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT 1 AS a, 2 AS b"
            let plain = try XCTUnwrap(Row.fetchOne(db, sql: sql))
            let scoped = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: ScopeAdapter(["s": RangeRowAdapter(0..<1)])))
            let otherScope = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: ScopeAdapter(["s": RangeRowAdapter(1..<2)])))
            let otherName = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: ScopeAdapter(["t": RangeRowAdapter(0..<1)])))
            let sameScope = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: ScopeAdapter(base: RangeRowAdapter(0..<2), scopes: ["s": RangeRowAdapter(0..<1)])))

            XCTAssertEqual(plain, ["a": 1, "b": 2])
            XCTAssertNotEqual(scoped, plain)
            XCTAssertNotEqual(plain, scoped)
            XCTAssertNotEqual(scoped, otherScope)
            XCTAssertNotEqual(scoped, otherName)
            XCTAssertEqual(scoped, sameScope)
            XCTAssertEqual(scoped.unscoped, plain)
            // Equal rows hash equally.
            XCTAssertEqual(Set([scoped, sameScope]).count, 1)
        }
    }

    func testRowsWithDifferentPrefetchedRowsAreNotEqual() throws {
        try makeLibrary().read { db in
            let authors = try Row.fetchAll(db, Author.including(all: Author.books).order(Column("id")))
            XCTAssertEqual(authors.count, 2)
            XCTAssertEqual(authors[0].prefetchedRows.keys, ["books"])
            XCTAssertEqual(authors[0].prefetchedRows["books"]?.count, 2)
            XCTAssertNotEqual(authors[0].prefetchedRows, authors[1].prefetchedRows)
            XCTAssertEqual(authors[0].prefetchedRows, try Row.fetchAll(db, Author.including(all: Author.books).order(Column("id")))[0].prefetchedRows)

            XCTAssertNotEqual(authors[0], ["id": 1, "name": "Tolstoy", "countryCode": "RU"])
            XCTAssertEqual(authors[0].unscoped, ["id": 1, "name": "Tolstoy", "countryCode": "RU"])
            XCTAssertTrue(authors[0].unscoped.prefetchedRows.isEmpty)
            let again = try Row.fetchAll(db, Author.including(all: Author.books).order(Column("id")))
            XCTAssertEqual(authors, again)
        }
    }

    // MARK: - Debug description

    func testDebugDescriptionOfRowWithoutAdapterIsItsDescription() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 'x' AS b"))
            XCTAssertEqual(row.debugDescription, #"[a:1 b:"x"]"#)
            XCTAssertEqual(row.debugDescription, row.description)
        }
    }

    func testDebugDescriptionShowsTheUnadaptedRowScopesAndPrefetchedRows() throws {
        try makeLibrary().read { db in
            let mapped = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 'Hello' AS produced", adapter: ColumnMapping(["consumed": "produced"])))
            XCTAssertEqual(mapped.debugDescription, """
                ▿ [consumed:"Hello"]
                  unadapted: [produced:"Hello"]
                """)

            let request = Book
                .including(required: Book.author.including(optional: Author.country))
                .order(Column("id"))
            let bookRow = try XCTUnwrap(Row.fetchOne(db, request))
            XCTAssertEqual(bookRow.debugDescription, """
                ▿ [id:10 authorId:1 title:"War and Peace"]
                  unadapted: [id:10 authorId:1 title:"War and Peace" id:1 name:"Tolstoy" countryCode:"RU" code:"RU" name:"Russia"]
                  - author: [id:1 name:"Tolstoy" countryCode:"RU"]
                    - country: [code:"RU" name:"Russia"]
                """)

            let authorRow = try XCTUnwrap(Row.fetchOne(db, Author.including(all: Author.books).order(Column("id"))))
            XCTAssertTrue(authorRow.debugDescription.hasPrefix(#"▿ [id:1 name:"Tolstoy" countryCode:"RU"]"# + "\n"))
            XCTAssertTrue(authorRow.debugDescription.hasSuffix("\n  + books: 2 rows"))
        }
    }

    // MARK: - Adapted requests of the query interface

    func testAdaptedJoinedRequestAdaptsTheColumnsOfItsBaseRow() throws {
        try makeLibrary().read { db in
            let request = Book.including(required: Book.author).order(Column("id"))
            let prepared = try request.makePreparedRequest(db)
            XCTAssertNotNil(prepared.adapter)

            let adapted = request.adapted { _ in ScopeAdapter(base: SuffixRowAdapter(fromIndex: 2), scopes: ["id": RangeRowAdapter(0..<1)]) }
            let row = try XCTUnwrap(Row.fetchOne(db, adapted))
            XCTAssertEqual(row.unscoped, ["title": "War and Peace"])
            XCTAssertEqual(row.scopes.names.sorted(), ["id"])
            XCTAssertEqual(row.scopes["id"], ["id": 10])
            XCTAssertEqual(row.unadapted.count, 6)
            XCTAssertEqual(try String.fetchAll(db, request.adapted { _ in SuffixRowAdapter(fromIndex: 2) }), ["War and Peace", "Beowulf", "Anna Karenina"])
        }
    }

    func testAdaptedRequestKeepsThePrefetchedRowsOfItsBase() throws {
        try makeLibrary().read { db in
            let request = Author.including(all: Author.books).order(Column("id"))
                .adapted { _ in SuffixRowAdapter(fromIndex: 1) }
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.map(\.unscoped), [["name": "Tolstoy", "countryCode": "RU"], ["name": "Anonymous", "countryCode": nil]])
            XCTAssertEqual(rows.map { $0.prefetchedRows["books"]?.count }, [2, 1])
        }
    }
}
