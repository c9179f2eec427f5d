import Folio
import XCTest

/// Records the callbacks it receives.
private final class RecordingObserver: TransactionObserver {
    var events: [String] = []
    var askedKinds: [DatabaseEventKind] = []
    var observedKinds: (DatabaseEventKind) -> Bool
    var willCommitError: (any Error)?
    var stopsAfterFirstChange = false

    init(observes: @escaping (DatabaseEventKind) -> Bool = { _ in true }) {
        self.observedKinds = observes
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        askedKinds.append(eventKind)
        return observedKinds(eventKind)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        events.append("\(event.kind) \(event.tableName) \(event.rowID)")
        if stopsAfterFirstChange {
            stopObservingDatabaseChangesUntilNextTransaction()
        }
    }

    func databaseDidChange() {
        events.append("didChange")
    }

    func databaseWillCommit() throws {
        events.append("willCommit")
        if let willCommitError { throw willCommitError }
    }

    func databaseDidCommit(_ db: Database) {
        events.append("didCommit")
    }

    func databaseDidRollback(_ db: Database) {
        events.append("didRollback")
    }
}

private struct ValidationError: Error, Equatable { }

final class TransactionObserverTests: FolioTestCase {
    private func makePlayerQueue() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    teamId INTEGER REFERENCES team(id) ON DELETE CASCADE,
                    name TEXT,
                    score INTEGER);
                """)
        }
        return dbQueue
    }

    func testChangesAreNotifiedBeforeTheCommit() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try db.execute(sql: "UPDATE player SET score = 10")
        }
        XCTAssertEqual(observer.events, ["insert player 1", "update player 1", "willCommit", "didCommit"])
    }

    func testStatementsOutsideOfTransactionsCommitOneByOne() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try db.execute(sql: "DELETE FROM player")
        }
        XCTAssertEqual(observer.events, [
            "insert player 1", "willCommit", "didCommit",
            "delete player 1", "willCommit", "didCommit",
        ])
    }

    func testRollbacksAreNotified() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.inDatabase { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
                return .rollback
            }
        }
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
            throw ValidationError()
        })
        XCTAssertEqual(observer.events, ["insert player 1", "didRollback", "insert player 1", "didRollback"])
    }

    func testReadOnlyTransactionsAreNotNotified() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        _ = try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }
        XCTAssertEqual(observer.events, [])
    }

    func testObserversChooseTheKindsOfEventsTheyObserve() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver { kind in
            if case let .update(tableName, columnNames) = kind {
                return tableName == "player" && columnNames.contains("score")
            }
            return false
        }
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')")
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try db.execute(sql: "UPDATE player SET name = 'Barbara'")
            try db.execute(sql: "UPDATE player SET score = 1, name = 'Craig'")
        }
        XCTAssertEqual(observer.events, ["update player 1", "willCommit", "didCommit"])
        XCTAssertEqual(observer.askedKinds, [
            .insert(tableName: "team"),
            .insert(tableName: "player"),
            .update(tableName: "player", columnNames: ["name"]),
            .update(tableName: "player", columnNames: ["score", "name"]),
        ])
    }

    func testDeletingAllRowsNotifiesEachRow() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur'), ('Barbara'), ('Craig')")
        }
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        // SQLite would truncate the table without telling the update hook.
        try dbQueue.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(observer.events, ["delete player 1", "delete player 2", "delete player 3", "willCommit", "didCommit"])
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
    }

    func testDropTableStillDropsTheTable() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1); DROP TABLE t")
            XCTAssertFalse(try db.tableExists("t"))
        }
    }

    func testForeignKeyActionsAndTriggersAreNotified() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE log (message TEXT);
                CREATE TRIGGER logTeam AFTER DELETE ON team BEGIN INSERT INTO log VALUES (old.name); END;
                INSERT INTO team (id, name) VALUES (1, 'Red');
                INSERT INTO player (teamId, name) VALUES (1, 'Arthur');
                """)
        }
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in try db.execute(sql: "DELETE FROM team") }
        XCTAssertEqual(Set(observer.events.prefix(3)), ["delete team 1", "delete player 1", "insert log 1"])
        XCTAssertEqual(observer.events.suffix(2), ["willCommit", "didCommit"])
        XCTAssertTrue(observer.askedKinds.contains(.delete(tableName: "player")))
        XCTAssertTrue(observer.askedKinds.contains(.insert(tableName: "log")))
    }

    func testSavepointChangesAreNotifiedWhenReleasedAndNeverWhenRolledBack() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        dbQueue.add(transactionObserver: observer)
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (1, 'Arthur')")
            try db.execute(sql: "SAVEPOINT foo")
            try db.execute(sql: "INSERT INTO player (id, name) VALUES (2, 'Barbara')")
            XCTAssertEqual(observer.events, ["insert player 1"])
            try db.execute(sql: "RELEASE SAVEPOINT foo")
            XCTAssertEqual(observer.events, ["insert player 1", "insert player 2"])
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (3, 'Craig')")
                return .rollback
            }
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO player (id, name) VALUES (4, 'David')")
                return .commit
            }
        }
        XCTAssertEqual(observer.events, ["insert player 1", "insert player 2", "insert player 4", "willCommit", "didCommit"])
    }

    func testAnErrorThrownBeforeCommitRollsBackAndIsThrown() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        observer.willCommitError = ValidationError()
        dbQueue.add(transactionObserver: observer)
        XCTAssertThrowsError(try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }) { error in
            XCTAssertEqual(error as? ValidationError, ValidationError())
        }
        XCTAssertEqual(observer.events, ["insert player 1", "willCommit", "didRollback"])
        XCTAssertEqual(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
    }

    func testStopObservingDatabaseChangesUntilNextTransaction() throws {
        let dbQueue = try makePlayerQueue()
        let observer = RecordingObserver()
        observer.stopsAfterFirstChange = true
        dbQueue.add(transactionObserver: observer)
        for _ in 0..<2 {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur'), ('Barbara')")
                try db.execute(sql: "UPDATE player SET score = 1")
            }
        }
        XCTAssertEqual(observer.events, [
            "insert player 1", "willCommit", "didCommit",
            "insert player 3", "willCommit", "didCommit",
        ])
    }

    func testObservationExtents() throws {
        let dbQueue = try makePlayerQueue()
        let nextTransactionObserver = RecordingObserver()
        let databaseLifetimeObserver = RecordingObserver()
        weak var weakObserver: RecordingObserver?
        do {
            let observer = RecordingObserver()
            weakObserver = observer
            dbQueue.add(transactionObserver: observer)
        }
        XCTAssertNil(weakObserver, "the default extent does not retain the observer")
        dbQueue.add(transactionObserver: nextTransactionObserver, extent: .nextTransaction)
        dbQueue.add(transactionObserver: databaseLifetimeObserver, extent: .databaseLifetime)
        for name in ["Arthur", "Barbara"] {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: [name])
            }
        }
        XCTAssertEqual(nextTransactionObserver.events, ["insert player 1", "willCommit", "didCommit"])
        XCTAssertEqual(databaseLifetimeObserver.events.count, 6)

        dbQueue.remove(transactionObserver: databaseLifetimeObserver)
        try dbQueue.write { db in try db.execute(sql: "DELETE FROM player") }
        XCTAssertEqual(databaseLifetimeObserver.events.count, 6)
    }

    func testAfterNextTransaction() throws {
        let dbQueue = try makePlayerQueue()
        let completions = ValueRecorder<String>()
        try dbQueue.write { db in
            db.afterNextTransaction { _ in completions.append("commit 1") } onRollback: { _ in completions.append("rollback 1") }
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')")
        }
        try dbQueue.inDatabase { db in
            db.afterNextTransaction { _ in completions.append("commit 2") } onRollback: { _ in completions.append("rollback 2") }
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
                return .rollback
            }
        }
        XCTAssertEqual(completions.values, ["commit 1", "rollback 2"])
    }

    func testNotifyChangesReachesTheObserversOfTheRegion() throws {
        let dbQueue = try makePlayerQueue()
        let playerObserver = RecordingObserver { $0.tableName == "player" }
        let teamObserver = RecordingObserver { $0.tableName == "team" }
        dbQueue.add(transactionObserver: playerObserver)
        dbQueue.add(transactionObserver: teamObserver)
        try dbQueue.write { db in
            try db.notifyChanges(in: SQLRequest<Row>(sql: "SELECT * FROM player"))
        }
        try dbQueue.writeWithoutTransaction { db in
            try db.notifyChanges(in: DatabaseRegion.fullDatabase)
        }
        // Every explicit transaction ends in `databaseWillCommit` and
        // `databaseDidCommit`; outside of any transaction, there is no
        // `databaseWillCommit`.
        XCTAssertEqual(playerObserver.events, ["didChange", "willCommit", "didCommit", "didChange", "didCommit"])
        XCTAssertEqual(teamObserver.events, ["willCommit", "didCommit", "didChange", "didCommit"])
    }

    func testObserverOfAPoolIsNotifiedOnTheWriter() throws {
        let dbPool = try makeDatabasePool()
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let observer = RecordingObserver()
        dbPool.add(transactionObserver: observer)
        try dbPool.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        _ = try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        XCTAssertEqual(dbPool.writeWithoutTransaction { _ in observer.events }, ["insert t 1", "willCommit", "didCommit"])
    }

    // MARK: - Regions

    func testStatementRegions() throws {
        let dbQueue = try makePlayerQueue()
        try dbQueue.read { db in
            func region(_ sql: String) throws -> String {
                try db.makeStatement(sql: sql).databaseRegion.description
            }
            XCTAssertEqual(try region("SELECT name FROM player WHERE id = 1"), "player(id,name)")
            XCTAssertEqual(try region("SELECT * FROM player"), "player(id,name,score,teamid)")
            XCTAssertEqual(try region("SELECT COUNT(*) FROM player"), "player(*)")
            XCTAssertEqual(try region("SELECT player.name, team.name FROM player JOIN team ON team.id = player.teamId"),
                           "player(name,teamid),team(id,name)")
            XCTAssertEqual(try region("SELECT 1"), "empty")
            XCTAssertEqual(try region("INSERT INTO team (name) VALUES ('Red')"), "empty")
            // The foreign key check reads the parent table.
            XCTAssertEqual(try region("INSERT INTO player (teamId) VALUES (1)"), "team(id)")
            XCTAssertEqual(try SQLRequest<Row>(sql: "SELECT score FROM player").databaseRegion(db).description, "player(score)")
        }
    }

    func testRegionUnionAndModification() {
        var region = DatabaseRegion()
        XCTAssertTrue(region.isEmpty)
        XCTAssertEqual(region.description, "empty")
        region.formUnion(DatabaseRegion.fullDatabase)
        XCTAssertTrue(region.isFullDatabase)
        XCTAssertEqual(region.description, "full database")
        XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "anything")))
    }

    func testRegionIsModifiedByEventKinds() throws {
        let dbQueue = try makePlayerQueue()
        let region = try dbQueue.read { db in
            try db.makeStatement(sql: "SELECT name FROM player").databaseRegion
        }
        XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "player")))
        XCTAssertTrue(region.isModified(byEventsOfKind: .delete(tableName: "PLAYER")))
        XCTAssertTrue(region.isModified(byEventsOfKind: .update(tableName: "player", columnNames: ["Name"])))
        XCTAssertFalse(region.isModified(byEventsOfKind: .update(tableName: "player", columnNames: ["score"])))
        XCTAssertFalse(region.isModified(byEventsOfKind: .insert(tableName: "team")))
    }

    /// Small regions compare names one after the other, large ones hash
    /// them: both ignore the case of ASCII letters, and agree.
    func testRegionLookUpsOfSmallAndLargeRegions() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            for index in 0..<6 {
                try db.execute(sql: "CREATE TABLE T\(index) (a, b, c, d, e, F)")
            }
        }
        try dbQueue.read { db in
            let small = try db.makeStatement(sql: "SELECT T0.a, T1.F FROM T0 JOIN T1").databaseRegion
            let large = try db.makeStatement(sql: """
                SELECT T0.*, T1.*, T2.a, T3.a, T4.a, T5.b FROM T0, T1, T2, T3, T4, T5
                """).databaseRegion
            for region in [small, large] {
                XCTAssertTrue(region.isModified(byEventsOfKind: .insert(tableName: "t0")))
                XCTAssertTrue(region.isModified(byEventsOfKind: .delete(tableName: "T1")))
                XCTAssertTrue(region.isModified(byEventsOfKind: .update(tableName: "t1", columnNames: ["f"])))
                XCTAssertTrue(region.isModified(byEventsOfKind: .update(tableName: "T0", columnNames: ["x", "A"])))
                XCTAssertFalse(region.isModified(byEventsOfKind: .insert(tableName: "t9")))
                XCTAssertFalse(region.isModified(byEventsOfKind: .insert(tableName: "T")))
            }
            XCTAssertFalse(small.isModified(byEventsOfKind: .update(tableName: "T0", columnNames: ["b"])))
            XCTAssertTrue(large.isModified(byEventsOfKind: .update(tableName: "T0", columnNames: ["b"])))
            XCTAssertFalse(small.isModified(byEventsOfKind: .insert(tableName: "T5")))
            XCTAssertTrue(large.isModified(byEventsOfKind: .update(tableName: "t5", columnNames: ["B"])))
            XCTAssertFalse(large.isModified(byEventsOfKind: .update(tableName: "t5", columnNames: ["c"])))
        }
    }
}
