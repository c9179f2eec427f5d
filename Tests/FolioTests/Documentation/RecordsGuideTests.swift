import Folio
import Foundation
import XCTest

/// Runs the samples of Documentation/Records.md (see RecordsGuideSamples.swift).
final class RecordsGuideTests: FolioTestCase {
    typealias Guide = RecordsGuide

    // MARK: Introduction

    func testIntroductionUpdatesTheFetchedPlace() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: "INSERT INTO place (title) VALUES ('Paris')")
        }
        try Guide.Introduction.run(dbQueue)
        XCTAssertEqual(
            lastSQLQuery(matching: "UPDATE"),
            #"UPDATE "place" SET "title"=?, "isFavorite"=?, "latitude"=?, "longitude"=? WHERE "id"=?"#)
        try dbQueue.read { db in
            XCTAssertEqual(try Bool.fetchOne(db, sql: "SELECT isFavorite FROM place"), true)
        }
    }

    // MARK: A Quick Tour

    func testQuickTour() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)

            let player = try Guide.QuickTour.insert(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "player" ("id", "name", "email", "score") VALUES (?,?,?,?)"#)

            try db.execute(sql: "INSERT INTO player (name, email, score) VALUES ('Barbara', NULL, 1000), ('Craig', 'craig@example.com', 10)")
            let fetched = try Guide.QuickTour.fetch(db)
            XCTAssertEqual(fetched.players.map(\.name), ["Arthur", "Barbara"])
            XCTAssertEqual(fetched.arthur?.name, "Arthur")
            XCTAssertEqual(fetched.bestPlayers.map(\.name), ["Arthur", "Craig"])
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT * FROM "player" WHERE "email" IS NOT NULL ORDER BY "score" DESC LIMIT 10"#)

            var updates: [String: String] = [:]
            try Guide.QuickTour.update(db) { updates[$0] = self.lastSQLQuery }
            XCTAssertEqual(updates["update"], #"UPDATE "player" SET "name"=?, "email"=?, "score"=? WHERE "id"=?"#)
            XCTAssertEqual(updates["updateChanges"], #"UPDATE "player" SET "score"=? WHERE "id"=?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 120)

            XCTAssertEqual(try Guide.QuickTour.count(db), 2)

            try Guide.QuickTour.batchUpdate(db)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score" = ?"#)
            XCTAssertEqual(try Int.fetchAll(db, sql: "SELECT score FROM player"), [0, 0, 0])

            try Guide.QuickTour.delete(db, player: player)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "email" IS NULL"#)
            XCTAssertEqual(try Guide.QuickTour.Player.fetchCount(db), 0)
        }
    }

    // MARK: The Record Protocols

    func testRecordProtocolsSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: """
                INSERT INTO place (title, isFavorite, latitude, longitude) VALUES ('Rome', 1, 41.9, 12.5), ('Berlin', 0, 52.5, 13.4)
                """)

            let expected = ["Rome", "Berlin"]
            XCTAssertEqual(try Guide.Protocols.WithoutProtocols.fetchPlaces(db).map(\.title), expected)
            XCTAssertEqual(try Guide.Protocols.WithCursor.fetchPlaces(db).map(\.title), expected)
            XCTAssertEqual(try Guide.Protocols.fetchWithFetchableRecord(db).map(\.title), expected)

            let (places, place) = try Guide.Protocols.fetchWithTableRecord(db)
            XCTAssertEqual(places.map(\.title), ["Berlin", "Rome"])
            XCTAssertEqual(place?.title, "Rome")
            XCTAssertEqual(place?.isFavorite, true)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "place" WHERE "id" = ?"#)

            let paris = try Guide.Protocols.persist(db)
            XCTAssertEqual(paris.id, 3)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "place" WHERE "id" = ?"#)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM place"), 2)
        }
    }

    // MARK: FetchableRecord

    func testFetchableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try db.execute(sql: "INSERT INTO place (title) VALUES ('Rome'), ('Berlin')")

            try Guide.Fetchable.fetchingMethods(db)
            let (one, all) = try Guide.Fetchable.statementAndRequest(db)
            XCTAssertEqual(one?.title, "Rome")
            XCTAssertEqual(all.map(\.title), ["Berlin", "Rome"])
            XCTAssertEqual(try Guide.Fetchable.Place.fetchSet(db, sql: "SELECT * FROM place").count, 2)

            // The throwing decoding names the column and the value
            try db.execute(sql: "INSERT INTO place (title, latitude) VALUES ('Nowhere', 'north')")
            XCTAssertThrowsError(try Guide.FetchableDecoding.Place.fetchAll(db, sql: "SELECT * FROM place")) { error in
                XCTAssertTrue(error is RowDecodingError, "\(error)")
                XCTAssertTrue("\(error)".contains("latitude"), "\(error)")
            }
        }
    }

    func testFetchedRowIsReusedAndMustBeCopied() throws {
        // "the same Row instance is given to each call of init(row:)"
        struct KeepsRow: FetchableRecord {
            var row: Row
            init(row: Row) { self.row = row.copy() }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.read { db in
            let records = try Array(KeepsRow.fetchCursor(db, sql: "SELECT 1 AS a UNION ALL SELECT 2"))
            XCTAssertEqual(records.map { $0.row["a"] as Int }, [1, 2])
        }
    }

    // MARK: TableRecord

    func testTableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            try Guide.createPlaceTable(db, name: "places")
            try Guide.createCountryTable(db)
            try db.execute(sql: """
                INSERT INTO place (title) VALUES ('Rome'), ('Berlin'), ('Oslo'), ('Lima');
                INSERT INTO places (title) VALUES ('Paris');
                INSERT INTO country (code, name) VALUES ('FR', 'France'), ('US', 'United States'), ('IT', 'Italy');
                """)

            XCTAssertEqual(Guide.Table.Place.databaseTableName, "places")
            XCTAssertEqual(try Guide.Table.Place.fetchAll(db).map(\.title), ["Paris"])

            XCTAssertEqual(try Guide.Table.titles(db).map(\.title), ["Rome", "Berlin", "Oslo", "Lima"])
            XCTAssertEqual(lastSQLQuery, #"SELECT "id", "title" FROM "place""#)

            typealias Place = RecordsGuide.Protocols.Place
            typealias Country = RecordsGuide.Table.Country
            XCTAssertEqual(try Place.fetchOne(db, key: 1)?.title, "Rome")              // Place?
            XCTAssertEqual(try Place.fetchAll(db, keys: [1, 2, 3]).map(\.title), ["Rome", "Berlin", "Oslo"]) // [Place]
            XCTAssertEqual(try Place.exists(db, key: 1), true)                         // Bool
            XCTAssertEqual(try Country.fetchOne(db, key: "FR")?.name, "France")        // Country?
            XCTAssertEqual(try Country.fetchAll(db, keys: ["FR", "US"]).map(\.code).sorted(), ["FR", "US"]) // [Country]
        }
    }

    // MARK: EncodableRecord and PersistableRecord

    func testPersistableRecordSection() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            try Guide.createCountryTable(db)
            let player = try Guide.Persistable.run(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "country" ("code", "name") VALUES (?,?)"#)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM country WHERE code = 'FR'"), "France")
        }
    }

    func testInsertionSuccessDescribesTheInsertedRow() throws {
        struct Player: Encodable, MutablePersistableRecord {
            var id: Int64?
            var name: String
            var score: Int
            var inserted: [String] = []
            enum CodingKeys: String, CodingKey { case id, name, score }
            mutating func didInsert(_ inserted: InsertionSuccess) {
                id = inserted.rowID
                self.inserted = [inserted.rowIDColumn ?? "nil"] + inserted.persistenceContainer.columns
            }
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
            var player = Player(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
            XCTAssertEqual(player.id, 1)
            XCTAssertEqual(player.inserted, ["id", "id", "name", "score"])
        }
    }

    // MARK: Persistence Methods

    func testPersistenceMethods() throws {
        typealias Place = RecordsGuide.Methods.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            var place = Place(id: 1, title: "Paris", isFavorite: false, latitude: 48.8534, longitude: 2.3488)

            // INSERT
            try place.insert(db)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?,?,?,?,?)"#)
            var other = place
            other.id = 2
            let insertedPlace = try other.inserted(db) // returns an inserted copy, for `let` constants
            XCTAssertEqual(insertedPlace, other)
            other.id = 3
            let fetchedPlace = try other.insertAndFetch(db) // INSERT ... RETURNING *: default and generated values included
            XCTAssertEqual(fetchedPlace, other)
            XCTAssertEqual(lastSQLQuery, #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?,?,?,?,?) RETURNING *"#)

            // UPDATE
            place.title = "Paris, France"
            try place.update(db)                       // all columns
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "title"=?, "isFavorite"=?, "latitude"=?, "longitude"=? WHERE "id"=?"#)
            try place.update(db, columns: ["title"])   // some columns
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "title"=? WHERE "id"=?"#)
            try place.updateChanges(db) { $0.isFavorite = true } // modified columns only, if any
            XCTAssertEqual(lastSQLQuery, #"UPDATE "place" SET "isFavorite"=? WHERE "id"=?"#)
            XCTAssertTrue(place.isFavorite)

            // INSERT or UPDATE
            try place.save(db)
            XCTAssertEqual(lastSQLQuery(matching: "UPDATE"), #"UPDATE "place" SET "title"=?, "isFavorite"=?, "latitude"=?, "longitude"=? WHERE "id"=?"#)
            var newPlace = place
            newPlace.id = 4
            let savedPlace = try newPlace.saved(db)
            XCTAssertEqual(savedPlace, newPlace)
            XCTAssertEqual(lastSQLQuery(matching: "INSERT"), #"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?,?,?,?,?)"#)

            // INSERT ... ON CONFLICT DO UPDATE
            place.title = "Lutetia"
            try place.upsert(db)
            XCTAssertTrue(lastSQLQuery!.hasPrefix(#"INSERT INTO "place" ("id", "title", "isFavorite", "latitude", "longitude") VALUES (?,?,?,?,?) ON CONFLICT DO UPDATE SET"#), lastSQLQuery!)
            XCTAssertEqual(try Place.fetchOne(db, key: 1)?.title, "Lutetia")

            // DELETE
            let deleted = try place.delete(db)         // Bool
            XCTAssertTrue(deleted)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "place" WHERE "id"=?"#)

            // Existence check
            let exists = try place.exists(db)          // Bool
            XCTAssertFalse(exists)

            // Batch methods
            XCTAssertEqual(try Place.updateAll(db, Column("isFavorite").set(to: false)), 3) // Int
            XCTAssertEqual(try Place.deleteOne(db, key: 2), true)            // Bool
            XCTAssertEqual(try Place.deleteAll(db, keys: [3, 4]), 2)
            XCTAssertEqual(try Place.deleteAll(db), 0)                    // Int: the number of deleted rows
        }
    }

    func testUpdateThrowsRecordNotFound() throws {
        typealias Place = RecordsGuide.Methods.Place
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlaceTable(db)
            var place = Place(id: 42, title: "Atlantis", isFavorite: false, latitude: 0, longitude: 0)
            XCTAssertThrowsError(try place.update(db)) { error in
                guard case RecordError.recordNotFound(databaseTableName: "place", key: let key) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(key, ["id": 42.databaseValue])
            }
            XCTAssertThrowsError(try place.updateChanges(db) { $0.title = "Mu" }) { error in
                guard case RecordError.recordNotFound = error else { return XCTFail("\(error)") }
            }
            // save inserts when no row was updated
            try place.save(db)
            XCTAssertEqual(try Place.fetchCount(db), 1)
            // The failed updateChanges has modified the record
            XCTAssertEqual(place.title, "Mu")
            // updateChanges without changes runs no statement, and returns false
            clearSQLQueries()
            XCTAssertFalse(try place.updateChanges(db) { $0.title = "Mu" })
            XCTAssertEqual(sqlQueries, [])
        }
    }

    func testConstraintViolationThrowsDatabaseError() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)
            var player = Player(id: nil, name: "Arthur", email: "arthur@example.com", score: 0)
            try player.insert(db)
            var duplicate = Player(id: nil, name: "Arthur", email: "arthur@example.com", score: 0)
            XCTAssertThrowsError(try duplicate.insert(db)) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }
        }
    }

    func testUpsert() throws {
        typealias Vocabulary = RecordsGuide.Methods.Vocabulary
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE vocabulary (
                    word TEXT NOT NULL PRIMARY KEY,
                    kind TEXT NOT NULL,
                    isTainted BOOLEAN DEFAULT 0,
                    count INT DEFAULT 1)
                """)
            // INSERT INTO vocabulary (word, kind, isTainted) VALUES ('jovial', 'adjective', 0)
            // ON CONFLICT DO UPDATE SET kind = excluded.kind, isTainted = excluded.isTainted
            try Vocabulary(word: "jovial", kind: "adjective", isTainted: false).upsert(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "vocabulary" ("word", "kind", "isTainted") VALUES (?,?,?) ON CONFLICT DO UPDATE SET "kind" = "excluded"."kind", "isTainted" = "excluded"."isTainted" RETURNING "rowid""#)

            let vocabulary = Vocabulary(word: "jovial", kind: "adjective", isTainted: true)
            let upserted = try vocabulary.upsertAndFetch(db, onConflict: ["word"], doUpdate: { _ in
                [Column("count") += 1, Column("isTainted").noOverwrite]
            })
            XCTAssertEqual(upserted.isTainted, false)
            let row = try Row.fetchOne(db, sql: "SELECT * FROM vocabulary")!
            XCTAssertEqual(row, ["word": "jovial", "kind": "adjective", "isTainted": 0, "count": 2])
        }
    }

    func testPersistenceMethodsAndTheReturningClause() throws {
        typealias Player = RecordsGuide.QuickTour.Player
        typealias PartialPlayer = RecordsGuide.Methods.PartialPlayer
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.createPlayerTable(db)
            try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 1000)")

            // UPDATE player SET name = 'Arthur' WHERE id = 1 RETURNING *
            var player = try PartialPlayer(id: 1, name: "Arthur").updateAndFetch(db, as: Player.self)
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "name"=? WHERE "id"=? RETURNING *"#)
            XCTAssertEqual(player.score, 1000)

            // UPDATE player SET name = ..., email = ..., score = ... WHERE id = 1 RETURNING score * 2
            let doubleScore = try player.updateAndFetch(db, selection: [Column("score") * 2]) { statement in
                try Int.fetchOne(statement)
            }
            XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "name"=?, "email"=?, "score"=? WHERE "id"=? RETURNING "score" * ?"#)
            XCTAssertEqual(doubleScore, 2000)

            // Modifies the player, and runs UPDATE player SET score = ... WHERE id = 1 RETURNING *
            // Returns nil, and runs no SQL, when the closure changes nothing.
            if let updatedPlayer = try player.updateChangesAndFetch(db, modify: { $0.score += 10 }) {
                print(updatedPlayer.score)
                XCTAssertEqual(updatedPlayer.score, 1010)
                XCTAssertEqual(lastSQLQuery, #"UPDATE "player" SET "score"=? WHERE "id"=? RETURNING *"#)
            } else {
                XCTFail("expected an updated player")
            }
            XCTAssertEqual(player.score, 1010)
            XCTAssertNil(try player.updateChangesAndFetch(db, modify: { $0.score = 1010 }))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE id = 1"), 1010)
        }
    }

    // MARK: Persistence Callbacks

    func testCallbacksSection() throws {
        typealias Callbacks = RecordsGuide.Callbacks
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "link") { t in t.column("url", .text) }
            try db.create(table: "document") { t in
                t.column("uuid", .blob)
                t.column("title", .text)
            }
            try db.create(table: "event") { t in t.column("name", .text) }
            try db.create(table: "pictureFile") { t in t.column("path", .text) }

            try Callbacks.Link(url: URL(string: "https://example.com")!).insert(db) // OK
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).insert(db)) { error in // throws ValidationError
                XCTAssertEqual((error as? Callbacks.ValidationError)?.message, "url must be absolute.")
            }
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).save(db))
            XCTAssertThrowsError(try Callbacks.Link(url: URL(string: "example")!).upsert(db))
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM link"), 1)

            var document = Callbacks.Document(uuid: nil, title: "Draft")
            try document.insert(db)
            XCTAssertNotNil(document.uuid)
            XCTAssertEqual(try UUID.fetchOne(db, sql: "SELECT uuid FROM document"), document.uuid)

            try Callbacks.Event(name: "launch").insert(db)
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT name FROM event"), "launch")
        }
    }

    func testDeleteCallbackActsOnCommit() throws {
        let dbQueue = try makeDatabaseQueue()
        let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent()
        let path = directory.appendingPathComponent("picture.jpg").path
        _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
        let file = RecordsGuide.Callbacks.PictureFile(path: path)
        try dbQueue.write { db in
            try db.create(table: "pictureFile") { t in t.primaryKey("path", .text) }
            try file.insert(db)
        }
        // A rolled back deletion leaves the file
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction {
                _ = try file.delete(db)
                XCTAssertTrue(FileManager.default.fileExists(atPath: path))
                return .rollback
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        // A committed one deletes it, after the commit
        try dbQueue.write { db in
            _ = try file.delete(db)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testCallbacksRunInTheDocumentedOrder() throws {
        typealias Traced = RecordsGuide.Callbacks.Traced
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "traced") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
            }
            Traced.log = .init()
            var record = Traced(id: nil, name: "a")
            try record.insert(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willInsert", "aroundInsert before", "aroundInsert after", "didInsert",
                "aroundSave after", "didSave",
            ])

            Traced.log = .init()
            try record.update(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willUpdate", "aroundUpdate before", "aroundUpdate after", "didUpdate",
                "aroundSave after", "didSave",
            ])

            // save: the update callbacks, then, if no row was updated (the
            // update throws inside aroundUpdate), the insertion ones; the
            // save callbacks run once.
            Traced.log = .init()
            record.id = 42
            try record.save(db)
            XCTAssertEqual(Traced.log.events, [
                "willSave", "aroundSave before",
                "willUpdate", "aroundUpdate before",
                "willInsert", "aroundInsert before", "aroundInsert after", "didInsert",
                "aroundSave after", "didSave",
            ])

            Traced.log = .init()
            _ = try record.delete(db)
            XCTAssertEqual(Traced.log.events, ["willDelete", "aroundDelete before", "aroundDelete after", "didDelete"])

            // Batch methods do not call callbacks
            Traced.log = .init()
            try Traced.deleteAll(db)
            try Traced.updateAll(db, Column("name").set(to: "b"))
            XCTAssertEqual(Traced.log.events, [])
        }
    }
}

extension FolioTestCase {
    /// The last recorded SQL statement that starts with a prefix.
    func lastSQLQuery(matching prefix: String) -> String? {
        sqlQueries.last { $0.hasPrefix(prefix) }
    }
}
