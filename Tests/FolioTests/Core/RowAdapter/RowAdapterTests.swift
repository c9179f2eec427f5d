import Folio
import XCTest

/// A record read by name in `init(row:)`.
private struct Player: FetchableRecord, Equatable, Hashable {
    var id: Int64
    var name: String
}

extension Player {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

/// A record decoded with `Decodable`.
private struct DecodedPlayer: Decodable, FetchableRecord, Equatable {
    var id: Int64
    var name: String
}

/// A record read by name, with the team of the player in a scope.
private struct Team: FetchableRecord, Equatable {
    var id: Int64
    var name: String

    init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

final class RowAdapterTests: FolioTestCase {
    private func makePlayers() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamId INTEGER REFERENCES team(id));
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
                INSERT INTO player VALUES (1, 'Arthur', 1), (2, 'Barbara', 2), (3, 'Craig', NULL);
                """)
        }
        return dbQueue
    }

    private let playersAndTeams = """
        SELECT player.*, team.* FROM player LEFT JOIN team ON team.id = player.teamId ORDER BY player.id
        """

    // MARK: - ColumnMapping

    func testColumnMappingRenamesColumnsAndKeepsOnlyMappedOnesInFetchedOrder() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ColumnMapping(["newB": "b", "newA": "a"])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: adapter))
            XCTAssertEqual(row, ["newA": 0, "newB": 1])
            XCTAssertEqual(Array(row.columnNames), ["newA", "newB"])
            XCTAssertEqual(row["newB"] as Int, 1)
            XCTAssertNil(row["a"] as Int?)
            XCTAssertFalse(row.hasColumn("c"))
            XCTAssertEqual(row.unadapted, ["a": 0, "b": 1, "c": 2])
        }
    }

    func testColumnMappingLooksUpColumnsIgnoringCaseLeftmostFirst() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ColumnMapping(["value": "NAME"])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS id, 'a' AS name, 'b' AS Name", adapter: adapter))
            XCTAssertEqual(row, ["value": "a"])
        }
    }

    func testColumnMappingCanFeedTwoColumnsFromOne() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ColumnMapping(["y": "a", "x": "a"])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 7 AS a", adapter: adapter))
            XCTAssertEqual(row, ["x": 7, "y": 7])
        }
    }

    func testColumnMappingOfMissingColumnThrows() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT 1 AS a"
            XCTAssertThrowsError(try Row.fetchCursor(db, sql: sql, adapter: ColumnMapping(["b": "missing"]))) { error in
                let error = error as? DatabaseError
                XCTAssertEqual(error?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(error?.sql, sql)
                XCTAssertTrue(error?.message?.contains("\"missing\"") == true, "\(String(describing: error))")
            }
        }
    }

    // MARK: - SuffixRowAdapter, RangeRowAdapter, EmptyRowAdapter

    func testSuffixRowAdapterHidesLeftmostColumns() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 2)), ["c": 2, "d": 3])
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 0)), ["a": 0, "b": 1, "c": 2, "d": 3])
            let empty = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 4)))
            XCTAssertTrue(empty.isEmpty)
            XCTAssertThrowsError(try Row.fetchOne(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 5))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual((error as? DatabaseError)?.message, "SuffixRowAdapter(fromIndex: 5) does not fit a row of 4 columns")
            }
        }
    }

    /// `RangeRowAdapter(0...Int.max)` used to stop the program (an
    /// overflow of `upperBound + 1`): it is an adapter that fits no row,
    /// and fetching throws.
    func testRangeRowAdapterUpToIntMaxThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try Row.fetchAll(db, sql: "SELECT 1 AS a", adapter: RangeRowAdapter(0...Int.max))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual(
                    (error as? DatabaseError)?.message,
                    "RangeRowAdapter(0..<\(Int.max)) does not fit a row of 1 columns")
            }
            XCTAssertThrowsError(try Row.fetchAll(db, sql: "SELECT 1 AS a", adapter: RangeRowAdapter(Int.max...Int.max)))
        }
    }

    func testRangeRowAdapterExposesRangeOfColumns() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, adapter: RangeRowAdapter(1..<3)), ["b": 1, "c": 2])
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, adapter: RangeRowAdapter(1...3)), ["b": 1, "c": 2, "d": 3])
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, adapter: RangeRowAdapter(2..<2))?.count, 0)
            XCTAssertThrowsError(try Row.fetchAll(db, sql: sql, adapter: RangeRowAdapter(3..<5))) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual((error as? DatabaseError)?.message, "RangeRowAdapter(3..<5) does not fit a row of 4 columns")
            }
        }
    }

    func testEmptyRowAdapterHidesAllColumns() throws {
        try makeDatabaseQueue().read { db in
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b", adapter: EmptyRowAdapter()))
            XCTAssertTrue(row.isEmpty)
            XCTAssertEqual(row, [:])
            XCTAssertEqual(row.unadapted, ["a": 0, "b": 1])
        }
    }

    // MARK: - RenameColumnAdapter

    func testRenameColumnAdapterRenamesAllColumns() throws {
        try makeDatabaseQueue().read { db in
            let adapter = RenameColumnAdapter { $0 + "rrr" }
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: adapter))
            XCTAssertEqual(row, ["arrr": 0, "brrr": 1, "crrr": 2])
            XCTAssertEqual(row["BRRR"] as Int, 1)
        }
    }

    func testRenameColumnAdapterFixesNamesOfDuplicatedSubqueryColumns() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT * FROM (SELECT 1 AS id, 2 AS id)"
            XCTAssertEqual((try Row.fetchOne(db, sql: sql)?.columnNames).map(Array.init), ["id", "id:1"])
            let adapter = RenameColumnAdapter { String($0.prefix(while: { $0 != ":" })) }
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: adapter))
            XCTAssertEqual(Array(row.columnNames), ["id", "id"])
            XCTAssertEqual(row["id"] as Int, 1)
            XCTAssertEqual(row[1] as Int, 2)
        }
    }

    // MARK: - ScopeAdapter

    func testScopeAdapterKeepsRowAndDefinesScopes() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ScopeAdapter([
                "left": RangeRowAdapter(0..<2),
                "right": RangeRowAdapter(2..<4),
            ])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d", adapter: adapter))
            XCTAssertEqual(row.unscoped, ["a": 0, "b": 1, "c": 2, "d": 3])
            XCTAssertEqual(row.scopes["left"], ["a": 0, "b": 1])
            XCTAssertEqual(row.scopes["right"], ["c": 2, "d": 3])
            XCTAssertNil(row.scopes["missing"])
            XCTAssertEqual(Set(row.scopes.names), ["left", "right"])
        }
    }

    func testNestedScopeAdaptersApplyToTheColumnsOfTheirParent() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ScopeAdapter([
                "left": ScopeAdapter([
                    "left": RangeRowAdapter(0..<1),
                    "right": RangeRowAdapter(1..<2),
                ]),
                "right": ScopeAdapter([
                    "left": RangeRowAdapter(2..<3),
                    "right": RangeRowAdapter(3..<4),
                ]),
            ])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d", adapter: adapter))
            let leftRow = try XCTUnwrap(row.scopes["left"])
            XCTAssertEqual(leftRow.unscoped, ["a": 0, "b": 1, "c": 2, "d": 3])
            XCTAssertEqual(leftRow.scopes["left"], ["a": 0])
            XCTAssertEqual(leftRow.scopes["right"], ["b": 1])
            let rightRow = try XCTUnwrap(row.scopes["right"])
            XCTAssertEqual(rightRow.scopes["left"], ["c": 2])
            XCTAssertEqual(rightRow.scopes["right"], ["d": 3])
            XCTAssertEqual(row.scopesTree.names, ["left", "right"])
        }
    }

    func testScopeAdapterWithBaseAdaptsTheRowAndScopesTheSameColumns() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ScopeAdapter(base: RangeRowAdapter(0..<1), scopes: ["remainder": SuffixRowAdapter(fromIndex: 1)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS a, 2 AS b, 3 AS c", adapter: adapter))
            XCTAssertEqual(row.unscoped, ["a": 1])
            XCTAssertEqual(row.scopes["remainder"], ["b": 2, "c": 3])
        }
    }

    func testAddingScopesKeepsTheColumnsOfTheAdapter() throws {
        try makeDatabaseQueue().read { db in
            let adapter = RangeRowAdapter(0..<2).addingScopes(["remainder": SuffixRowAdapter(fromIndex: 2)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d", adapter: adapter))
            XCTAssertEqual(row.unscoped, ["a": 0, "b": 1])
            XCTAssertEqual(row.scopes["remainder"], ["c": 2, "d": 3])
        }
    }

    func testAddedScopesReplaceScopesWithTheSameName() throws {
        try makeDatabaseQueue().read { db in
            let sql = "SELECT 0 AS a, 1 AS b, 2 AS c"
            let base = ScopeAdapter(["x": RangeRowAdapter(0..<1), "y": RangeRowAdapter(1..<2)])
            let added = base.addingScopes(["y": SuffixRowAdapter(fromIndex: 2), "z": RangeRowAdapter(0..<2)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: added))
            XCTAssertEqual(row.unscoped, ["a": 0, "b": 1, "c": 2])
            XCTAssertEqual(row.scopes["x"], ["a": 0])
            XCTAssertEqual(row.scopes["y"], ["c": 2])
            XCTAssertEqual(row.scopes["z"], ["a": 0, "b": 1])

            // ScopeAdapter(base:scopes:) is `base.addingScopes(scopes)`.
            let scoped = ScopeAdapter(base: base, scopes: ["y": SuffixRowAdapter(fromIndex: 2)])
            let row2 = try XCTUnwrap(Row.fetchOne(db, sql: sql, adapter: scoped))
            XCTAssertEqual(row2.scopes["x"], ["a": 0])
            XCTAssertEqual(row2.scopes["y"], ["c": 2])
        }
    }

    func testScopesOfMappedRowReadTheFetchedColumns() throws {
        try makeDatabaseQueue().read { db in
            let adapter = ColumnMapping(["x": "c"]).addingScopes(["first": RangeRowAdapter(0..<1)])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: adapter))
            XCTAssertEqual(row.unscoped, ["x": 2])
            XCTAssertEqual(row.scopes["first"], ["a": 0])
            XCTAssertEqual(row.unadapted, ["a": 0, "b": 1, "c": 2])
        }
    }

    // MARK: - splittingRowAdapters

    func testSplittingRowAdaptersReturnsOneAdapterPerChunkAndOneForTheRemainder() throws {
        try makeDatabaseQueue().read { db in
            let adapters = splittingRowAdapters(columnCounts: [1, 3, 2])
            XCTAssertEqual(adapters.count, 4)
            let adapter = ScopeAdapter(["a": adapters[0], "b": adapters[1], "c": adapters[2], "d": adapters[3]])
            let row = try XCTUnwrap(Row.fetchOne(db, sql: "SELECT 1 AS c1, 2 AS c2, 3 AS c3, 4 AS c4, 5 AS c5, 6 AS c6, 7 AS c7, 8 AS c8", adapter: adapter))
            XCTAssertEqual(row.scopes["a"], ["c1": 1])
            XCTAssertEqual(row.scopes["b"], ["c2": 2, "c3": 3, "c4": 4])
            XCTAssertEqual(row.scopes["c"], ["c5": 5, "c6": 6])
            XCTAssertEqual(row.scopes["d"], ["c7": 7, "c8": 8])
            XCTAssertEqual(splittingRowAdapters(columnCounts: []).count, 1)
        }
    }

    func testSplittingRowAdaptersDisambiguatesTheColumnsOfJoinedTables() throws {
        try makePlayers().read { db in
            let adapters = try splittingRowAdapters(columnCounts: [
                db.columns(in: "player").count,
                db.columns(in: "team").count,
            ])
            let adapter = ScopeAdapter(["player": adapters[0], "team": adapters[1]])
            let rows = try Row.fetchAll(db, sql: playersAndTeams, adapter: adapter)
            XCTAssertEqual(rows.count, 3)
            XCTAssertEqual(rows[0].scopes["player"], ["id": 1, "name": "Arthur", "teamId": 1])
            XCTAssertEqual(rows[0].scopes["team"], ["id": 1, "name": "Reds"])
            XCTAssertEqual(try rows[1].decode(Player.self, forKey: "player"), Player(id: 2, name: "Barbara"))
            XCTAssertEqual(try rows[1].decode(Team.self, forKey: "team"), Team(id: 2, name: "Blues"))
            XCTAssertNil(try rows[2].decodeIfPresent(Team.self, forKey: "team"))
        }
    }

    // MARK: - Fetching with an adapter

    func testAdaptedCursorRowsReadEachStepLiveAndCopiesKeepTheirValues() throws {
        try makePlayers().read { db in
            let adapter = ColumnMapping(["playerName": "name"]).addingScopes(["team": SuffixRowAdapter(fromIndex: 3)])
            let cursor = try Row.fetchCursor(db, sql: playersAndTeams, adapter: adapter)
            var names: [String] = []
            var teamNames: [String?] = []
            var copies: [Row] = []
            while let row = try cursor.next() {
                names.append(row["playerName"])
                teamNames.append(row.scopes["team"]?["name"])
                copies.append(row.copy())
            }
            XCTAssertEqual(names, ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(teamNames, ["Reds", "Blues", nil])
            XCTAssertEqual(copies.map(\.unscoped), [["playerName": "Arthur"], ["playerName": "Barbara"], ["playerName": "Craig"]])
            XCTAssertEqual(copies.map { $0.scopes["team"] }, [["id": 1, "name": "Reds"], ["id": 2, "name": "Blues"], ["id": nil, "name": nil]])
            XCTAssertEqual(Array(copies[2].unadapted.columnNames), ["id", "name", "teamId", "id", "name"])
            XCTAssertEqual(Array(copies[2].unadapted.databaseValues), [3.databaseValue, "Craig".databaseValue, .null, .null, .null])
        }
    }

    func testRowFetchingMethodsAcceptAnAdapter() throws {
        try makePlayers().read { db in
            let sql = "SELECT id, name FROM player WHERE id <= ? ORDER BY id"
            let adapter = SuffixRowAdapter(fromIndex: 1)
            XCTAssertEqual(try Row.fetchAll(db, sql: sql, arguments: [2], adapter: adapter), [["name": "Arthur"], ["name": "Barbara"]])
            XCTAssertEqual(try Row.fetchSet(db, sql: sql, arguments: [2], adapter: adapter), [["name": "Arthur"], ["name": "Barbara"]])
            XCTAssertEqual(try Row.fetchOne(db, sql: sql, arguments: [2], adapter: adapter), ["name": "Arthur"])
            XCTAssertEqual(try Array(Row.fetchCursor(db, sql: sql, arguments: [1], adapter: adapter).map { $0.copy() }), [["name": "Arthur"]])

            let statement = try db.makeStatement(sql: sql)
            XCTAssertEqual(try Row.fetchAll(statement, arguments: [1], adapter: adapter), [["name": "Arthur"]])
            XCTAssertEqual(try Row.fetchSet(statement, arguments: [1], adapter: adapter), [["name": "Arthur"]])
            XCTAssertEqual(try Row.fetchOne(statement, arguments: [2], adapter: adapter), ["name": "Arthur"])
            let cursor = try Row.fetchCursor(statement, adapter: adapter)
            let row = try cursor.next()
            XCTAssertEqual((row?.columnNames).map(Array.init), ["name"])
            XCTAssertEqual(row?["name"] as String?, "Arthur")
        }
    }

    func testValuesAreFetchedFromTheLeftmostColumnOfTheAdaptedRow() throws {
        try makePlayers().read { db in
            let sql = "SELECT id, name FROM player ORDER BY id"
            let suffix = SuffixRowAdapter(fromIndex: 1)
            let mapping = ColumnMapping(["x": "name"])
            // Types that read the statement directly.
            XCTAssertEqual(try String.fetchAll(db, sql: sql, adapter: suffix), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try String.fetchAll(db, sql: sql, adapter: mapping), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try String.fetchSet(db, sql: sql, adapter: suffix), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try String.fetchOne(db, sql: sql, adapter: mapping), "Arthur")
            XCTAssertEqual(try String.fetchCursor(db, sql: sql, adapter: suffix).next(), "Arthur")
            // Types that go through DatabaseValue.
            XCTAssertEqual(try DatabaseValue.fetchAll(db, sql: sql, adapter: suffix), ["Arthur".databaseValue, "Barbara".databaseValue, "Craig".databaseValue])
            XCTAssertEqual(try DatabaseValue.fetchOne(db, sql: sql, adapter: mapping), "Arthur".databaseValue)
            XCTAssertEqual(try DatabaseValue.fetchSet(db, sql: sql, adapter: mapping).count, 3)
            XCTAssertEqual(try DatabaseValue.fetchCursor(db, sql: sql, adapter: mapping).next(), "Arthur".databaseValue)

            let statement = try db.makeStatement(sql: "SELECT id, name FROM player WHERE id = ?")
            XCTAssertEqual(try String.fetchAll(statement, arguments: [2], adapter: suffix), ["Barbara"])
            XCTAssertEqual(try String.fetchSet(statement, arguments: [2], adapter: suffix), ["Barbara"])
            XCTAssertEqual(try String.fetchOne(statement, arguments: [3], adapter: mapping), "Craig")
            XCTAssertEqual(try String.fetchCursor(statement, arguments: [1], adapter: mapping).next(), "Arthur")
            XCTAssertEqual(try DatabaseValue.fetchAll(statement, arguments: [2], adapter: suffix), ["Barbara".databaseValue])
            XCTAssertEqual(try DatabaseValue.fetchSet(statement, arguments: [2], adapter: suffix), ["Barbara".databaseValue])
            XCTAssertEqual(try DatabaseValue.fetchOne(statement, arguments: [2], adapter: suffix), "Barbara".databaseValue)
            XCTAssertEqual(try DatabaseValue.fetchCursor(statement, arguments: [2], adapter: suffix).next(), "Barbara".databaseValue)
        }
    }

    func testFetchingValuesFromAnAdaptedRowWithoutColumnThrows() throws {
        try makeDatabaseQueue().read { db in
            XCTAssertThrowsError(try Int.fetchAll(db, sql: "SELECT 1", adapter: EmptyRowAdapter())) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
                XCTAssertEqual((error as? DatabaseError)?.message, "statement returns no column")
            }
            XCTAssertThrowsError(try Int.fetchOne(db, sql: "SELECT 1", adapter: EmptyRowAdapter()))
            XCTAssertThrowsError(try DatabaseValue.fetchOne(db, sql: "SELECT 1", adapter: EmptyRowAdapter()))
        }
    }

    func testRecordsAreDecodedFromAdaptedRows() throws {
        try makePlayers().read { db in
            let sql = "SELECT 0 AS junk, id AS playerId, name AS playerName FROM player WHERE id <= ? ORDER BY id"
            let mapping = ColumnMapping(["id": "playerId", "name": "playerName"])
            let expected = [Player(id: 1, name: "Arthur"), Player(id: 2, name: "Barbara")]
            XCTAssertEqual(try Player.fetchAll(db, sql: sql, arguments: [2], adapter: mapping), expected)
            XCTAssertEqual(try Player.fetchSet(db, sql: sql, arguments: [2], adapter: mapping), Set(expected))
            XCTAssertEqual(try Player.fetchOne(db, sql: sql, arguments: [2], adapter: mapping), expected[0])
            XCTAssertEqual(try Array(Player.fetchCursor(db, sql: sql, arguments: [2], adapter: mapping)), expected)
            XCTAssertEqual(
                try DecodedPlayer.fetchAll(db, sql: sql, arguments: [2], adapter: mapping),
                [DecodedPlayer(id: 1, name: "Arthur"), DecodedPlayer(id: 2, name: "Barbara")])

            let statement = try db.makeStatement(sql: sql)
            XCTAssertEqual(try Player.fetchAll(statement, arguments: [1], adapter: mapping), [expected[0]])
            XCTAssertEqual(try Player.fetchSet(statement, arguments: [1], adapter: mapping), [expected[0]])
            XCTAssertEqual(try Player.fetchOne(statement, arguments: [2], adapter: mapping), expected[0])
            XCTAssertEqual(try Player.fetchCursor(statement, arguments: [1], adapter: mapping).next(), expected[0])
        }
    }

    func testRecordsOfOneStatementDecodeWithAndWithoutAdapter() throws {
        // The decoding plans of a statement are cached: renamed rows must
        // not share the plans of the rows of the statement.
        try makePlayers().read { db in
            let sql = "SELECT id, 'wrong' AS name, name AS fullName FROM player ORDER BY id LIMIT 1"
            let adapter = RenameColumnAdapter { name in
                switch name {
                case "name": return "ignored"
                case "fullName": return "name"
                default: return name
                }
            }
            XCTAssertEqual(try DecodedPlayer.fetchOne(db, sql: sql), DecodedPlayer(id: 1, name: "wrong"))
            XCTAssertEqual(try DecodedPlayer.fetchOne(db, sql: sql, adapter: adapter), DecodedPlayer(id: 1, name: "Arthur"))
            XCTAssertEqual(try DecodedPlayer.fetchAll(db, sql: sql, adapter: adapter), [DecodedPlayer(id: 1, name: "Arthur")])
            XCTAssertEqual(try DecodedPlayer.fetchOne(db, sql: sql), DecodedPlayer(id: 1, name: "wrong"))
            XCTAssertThrowsError(try DecodedPlayer.fetchOne(db, sql: sql, adapter: RenameColumnAdapter { "x" + $0 }))
        }
    }

    // MARK: - Requests

    func testSQLRequestAdaptsItsRows() throws {
        try makePlayers().read { db in
            let request = SQLRequest<Row>(sql: "SELECT id, name FROM player WHERE id = ?", arguments: [1], adapter: SuffixRowAdapter(fromIndex: 1))
            XCTAssertEqual(try request.fetchOne(db), ["name": "Arthur"])
            XCTAssertEqual(try request.fetchAll(db), [["name": "Arthur"]])
            XCTAssertNotNil(try request.makePreparedRequest(db).adapter)

            let name = "Barbara"
            let literalRequest = SQLRequest<String>(literal: "SELECT id, name FROM player WHERE name = \(name)", adapter: ColumnMapping(["x": "name"]))
            XCTAssertEqual(try literalRequest.fetchAll(db), ["Barbara"])
            XCTAssertEqual(lastSQLQuery, "SELECT id, name FROM player WHERE name = ?")

            let rowRequest = SQLRequest(literal: "SELECT id, name FROM player WHERE name = \(name)", adapter: RangeRowAdapter(0..<1))
            XCTAssertEqual(try rowRequest.fetchOne(db), ["id": 2])

            var mutable = SQLRequest<Player>(sql: "SELECT 0, id, name FROM player ORDER BY id LIMIT 1")
            XCTAssertNil(mutable.adapter)
            mutable.adapter = SuffixRowAdapter(fromIndex: 1)
            XCTAssertEqual(try mutable.fetchOne(db), Player(id: 1, name: "Arthur"))
            XCTAssertEqual(try mutable.fetchCount(db), 1)
        }
    }

    func testPreparedRequestAdapterIsUsedByFetchingMethods() throws {
        try makePlayers().read { db in
            var prepared = try SQLRequest<Row>(sql: "SELECT id, name FROM player WHERE id = 1").makePreparedRequest(db)
            XCTAssertNil(prepared.adapter)
            prepared.adapter = RangeRowAdapter(1..<2)
            XCTAssertEqual(try Row.fetchOne(prepared.statement, adapter: prepared.adapter), ["name": "Arthur"])
        }
    }

    func testAdaptedRequestAdaptsTheRowsOfItsBase() throws {
        try makePlayers().read { db in
            let base = SQLRequest<Player>(sql: playersAndTeams)
            let request = base.adapted { db in
                let adapters = try splittingRowAdapters(columnCounts: [
                    db.columns(in: "player").count,
                    db.columns(in: "team").count,
                ])
                return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
            }
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.first?.scopes["team"], ["id": 1, "name": "Reds"])
            XCTAssertEqual(try request.fetchAll(db).map(\.name), ["Arthur", "Barbara", "Craig"])
            XCTAssertEqual(try request.fetchOne(db), Player(id: 1, name: "Arthur"))
            XCTAssertEqual(try request.fetchCount(db), 3)
            XCTAssertEqual(try request.makePreparedRequest(db, forSingleResult: true).statement.sql, playersAndTeams)
            XCTAssertEqual(try request.databaseRegion(db), try base.databaseRegion(db))
        }
    }

    func testAdaptingAnAdaptedRequestAdaptsItsOutput() throws {
        try makeDatabaseQueue().read { db in
            let request = SQLRequest<Row>(sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d", adapter: SuffixRowAdapter(fromIndex: 1))
                .adapted { _ in SuffixRowAdapter(fromIndex: 1) }
                .adapted { _ in ColumnMapping(["x": "d"]) }
            let row = try XCTUnwrap(request.fetchOne(db))
            XCTAssertEqual(row, ["x": 3])
            XCTAssertEqual(row.unadapted, ["a": 0, "b": 1, "c": 2, "d": 3])
            XCTAssertEqual(try request.adapted { _ in EmptyRowAdapter() }.fetchOne(db), [:])
            XCTAssertEqual(try SQLRequest<Int>(sql: "SELECT 0 AS a, 1 AS b").adapted { _ in SuffixRowAdapter(fromIndex: 1) }.fetchAll(db), [1])
        }
    }

    func testAdapterErrorsOfAdaptedRequestsAreThrownByFetches() throws {
        struct AdapterError: Error { }
        try makeDatabaseQueue().read { db in
            let request = SQLRequest<Row>(sql: "SELECT 1 AS a").adapted { _ in throw AdapterError() }
            XCTAssertThrowsError(try request.fetchAll(db)) { XCTAssertTrue($0 is AdapterError) }
            let misfit = SQLRequest<Row>(sql: "SELECT 1 AS a").adapted { _ in RangeRowAdapter(0..<2) }
            XCTAssertThrowsError(try misfit.fetchCursor(db)) { XCTAssertEqual(($0 as? DatabaseError)?.resultCode, .SQLITE_MISUSE) }
        }
    }

    func testAdaptedRequestIsASubquery() throws {
        try makePlayers().read { db in
            let teamIds = SQLRequest<Int64>(sql: "SELECT id FROM team WHERE name = 'Reds'").adapted { _ in EmptyRowAdapter() }
            let request: SQLRequest<String> = "SELECT name FROM player WHERE \(teamIds.contains(Column("teamId")))"
            XCTAssertEqual(try request.fetchAll(db), ["Arthur"])
            XCTAssertEqual(lastSQLQuery, "SELECT name FROM player WHERE (\"teamId\" IN (SELECT id FROM team WHERE name = 'Reds'))")
        }
    }
}
