import Folio
import Foundation
import XCTest

// The samples of Documentation/DatabaseSchemaRecommendations.md, one
// namespace per section.

enum SchemaRecommendationsGuide {
    // MARK: - Name Tables Like Singular Swift Types

    enum TableNames {
        static func conventional(_ db: Database) throws {
            // Conventional: no configuration
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
        }

        static func unconventional(_ db: Database) throws {
            // Unconventional: the record type must name its table
            try db.create(table: "players") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
        }

        struct Player: Codable, FetchableRecord { var id: Int64; var name: String }
        struct PostalAddress: Codable, FetchableRecord { var id: Int64; var city: String }
        struct Award: Codable, FetchableRecord { var id: Int64; var playerId: Int64 }
    }

    // MARK: - Name Columns Like Swift Properties

    enum ColumnNames {
        static func conventional(_ db: Database) throws {
            // Conventional
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fullName", .text).notNull()
                t.column("score", .integer).notNull()
                t.column("creationDate", .datetime).notNull()
            }
        }

        static func unconventional(_ db: Database) throws {
            // Unconventional: snake_case columns
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("full_name", .text).notNull()
                t.column("score", .integer).notNull()
                t.column("creation_date", .datetime).notNull()
            }
        }

        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var fullName: String
            var score: Int
            var creationDate: Date

            enum CodingKeys: String, CodingKey {
                case id
                case fullName = "full_name"
                case score
                case creationDate = "creation_date"
            }

            enum Columns {
                static let fullName = Column(CodingKeys.fullName)
                static let creationDate = Column(CodingKeys.creationDate)
            }
        }
    }

    // MARK: - Give Every Table a Primary Key

    enum PrimaryKeys {
        static func createTables(_ db: Database) throws {
            try db.create(table: "player") { t in
                // An auto-incremented integer
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }

            try db.create(table: "team") { t in
                // A text identifier
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }

            try db.create(table: "membership") { t in
                // Two columns, which are also foreign keys
                t.primaryKey {
                    t.belongsTo("player")
                    t.belongsTo("team")
                }
                t.column("role", .text).notNull()
            }
        }
    }

    enum HiddenRowid {
        static func createTable(_ db: Database) throws {
            // No explicit primary key
            try db.create(table: "player") { t in
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }

        struct Player: Codable {
            var rowid: Int64?   // the hidden primary key
            var name: String
            var score: Int
        }

        static func run(_ dbQueue: DatabaseQueue) throws {
            try dbQueue.write { db in
                // SELECT *, rowid FROM player WHERE rowid = 1
                if let player = try Player.fetchOne(db, key: 1) {
                    // DELETE FROM player WHERE rowid = 1
                    let deleted = try player.delete(db)
                    print(deleted) // true
                    XCTAssertTrue(deleted)
                } else {
                    XCTFail("player not found")
                }
            }
        }
    }

    // MARK: - Call a Single-Column Primary Key "id"

    enum IdColumn {
        static func conventional(_ db: Database) throws {
            // Conventional
            try db.create(table: "player") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
            }
        }

        // The property `id` is stored in the "uuid" column
        struct Player: Codable, Identifiable {
            var id: String
            var name: String

            enum CodingKeys: String, CodingKey {
                case id = "uuid"
                case name
            }
        }

        // The property `uuid` is stored in the "uuid" column
        struct LegacyPlayer: Identifiable {
            var uuid: String
            var name: String

            var id: String { uuid }
        }
    }

    // MARK: - Back Unique Keys With Unique Indexes

    enum UniqueKeys {
        static func createTables(_ db: Database) throws {
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
            }

            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("team").notNull()
                t.column("position", .integer).notNull()
                // No two players with the same name
                t.column("name", .text).notNull().unique()
            }

            // No two players at the same position in a team
            try db.create(indexOn: "player", columns: ["teamId", "position"], options: .unique)
        }

        struct Player: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var teamId: Int64
            var position: Int
            var name: String
            var score: Int
        }

        static func keys(_ db: Database) throws {
            let player = try Player.fetchOne(db, key: ["teamId": 1, "position": 3])
            XCTAssertEqual(player?.name, "Arthur")
            try Player.deleteOne(db, key: ["name": "Arthur"])
        }

        static func filters(_ db: Database) throws -> Player? {
            let player = try Player
                .filter { $0.teamId == 1 && $0.score == 1000 }
                .fetchOne(db)
            try Player
                .filter { $0.score == 0 }
                .deleteAll(db)
            return player
        }

        static func droppableIndex(_ db: Database) throws {
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
            }
            try db.create(indexOn: "team", columns: ["name"], options: .unique)

            // Later: the index can be dropped, and created again
            try db.drop(index: "index_team_on_name")
        }
    }

    // MARK: - Declare Relations With Foreign Keys

    enum ForeignKeys {
        static func createTables(_ db: Database) throws {
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("color", .text).notNull()
            }

            // Conventional: "teamId" refers to team.id
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.belongsTo("team").notNull()
            }
        }

        struct Player: Codable, FetchableRecord { var id: Int64; var name: String; var teamId: Int64 }
        struct Team: Codable, FetchableRecord { var id: Int64; var color: String }
    }

    enum NoForeignKey {
        static func createTables(_ db: Database) throws {
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("color", .text).notNull()
            }
            // No foreign key
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("teamId", .integer).notNull()
            }
        }

        struct Player: Codable, FetchableRecord { var id: Int64; var name: String; var teamId: Int64 }
        struct Team: Codable, FetchableRecord { var id: Int64; var color: String }
    }
}

extension SchemaRecommendationsGuide.TableNames.Player: TableRecord {
    // The table is "players", not "player"
    static let databaseTableName = "players"
}

extension SchemaRecommendationsGuide.TableNames.PostalAddress: TableRecord {
    static let databaseTableName = "postal_address"
}

extension SchemaRecommendationsGuide.TableNames.Award: TableRecord {
    static let databaseTableName = "Auszeichnung"
}

extension SchemaRecommendationsGuide.TableNames.Player {
    // Without a key, this association would be named "postal_address"
    static let postalAddress = belongsTo(SchemaRecommendationsGuide.TableNames.PostalAddress.self, key: "postalAddress")

    // Without a key, this association would be named "Auszeichnung"
    static let awards = hasMany(SchemaRecommendationsGuide.TableNames.Award.self, key: "awards")
}

extension SchemaRecommendationsGuide.HiddenRowid.Player: FetchableRecord, MutablePersistableRecord {
    // SELECT *, rowid FROM player
    static var databaseSelection: [any SQLSelectable] {
        [.allColumns, .rowID]
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        rowid = inserted.rowID
    }
}

extension SchemaRecommendationsGuide.ForeignKeys.Player: TableRecord {
    static let team = belongsTo(SchemaRecommendationsGuide.ForeignKeys.Team.self)
}

extension SchemaRecommendationsGuide.ForeignKeys.Team: TableRecord {
    static let players = hasMany(SchemaRecommendationsGuide.ForeignKeys.Player.self)
}

extension SchemaRecommendationsGuide.NoForeignKey.Player: TableRecord {
    static let teamForeignKey = ForeignKey(["teamId"])
    static let team = belongsTo(SchemaRecommendationsGuide.NoForeignKey.Team.self, using: teamForeignKey)
}

extension SchemaRecommendationsGuide.NoForeignKey.Team: TableRecord {
    static let players = hasMany(SchemaRecommendationsGuide.NoForeignKey.Player.self, using: SchemaRecommendationsGuide.NoForeignKey.Player.teamForeignKey)
}

/// Runs the samples of Documentation/DatabaseSchemaRecommendations.md.
final class DatabaseSchemaRecommendationsTests: FolioTestCase {
    typealias Guide = SchemaRecommendationsGuide

    func testDerivedTableNames() {
        struct Player: TableRecord { }
        struct PostalAddress: TableRecord { }
        struct HTTPRequest: TableRecord { }
        XCTAssertEqual(Player.databaseTableName, "player")
        XCTAssertEqual(PostalAddress.databaseTableName, "postalAddress")
        XCTAssertEqual(HTTPRequest.databaseTableName, "httpRequest")
    }

    func testExplicitTableNamesAndAssociationKeys() throws {
        typealias TableNames = Guide.TableNames
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try TableNames.conventional(db)
            try TableNames.unconventional(db)
            try db.create(table: "postal_address") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("city", .text).notNull()
            }
            try db.alter(table: "players") { t in
                t.add(column: "postalAddressId", .integer).references("postal_address")
            }
            try db.create(table: "Auszeichnung") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("player", inTable: "players").notNull()
            }
            try db.execute(sql: """
                INSERT INTO postal_address (id, city) VALUES (1, 'Paris');
                INSERT INTO players (id, name, postalAddressId) VALUES (1, 'Arthur', 1);
                INSERT INTO Auszeichnung (id, playerId) VALUES (1, 1), (2, 1);
                """)
            XCTAssertEqual(TableNames.Player.databaseTableName, "players")
            XCTAssertEqual(try TableNames.Player.fetchAll(db).map(\.name), ["Arthur"])

            struct PlayerInfo: Decodable, FetchableRecord {
                var player: TableNames.Player
                var postalAddress: TableNames.PostalAddress?
                var awards: [TableNames.Award]
            }
            let infos = try TableNames.Player
                .including(optional: TableNames.Player.postalAddress)
                .including(all: TableNames.Player.awards)
                .asRequest(of: PlayerInfo.self)
                .fetchAll(db)
            XCTAssertEqual(infos.count, 1)
            XCTAssertEqual(infos[0].postalAddress?.city, "Paris")
            XCTAssertEqual(infos[0].awards.map(\.id), [1, 2])
        }
    }

    func testColumnNames() throws {
        typealias ColumnNames = Guide.ColumnNames
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try ColumnNames.conventional(db)
            XCTAssertEqual(try db.columns(in: "player").map(\.name), ["id", "fullName", "score", "creationDate"])
            try db.drop(table: "player")

            try ColumnNames.unconventional(db)
            let date = Date(timeIntervalSince1970: 0)
            try ColumnNames.Player(id: 1, fullName: "Arthur", score: 10, creationDate: date).insert(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"INSERT INTO "player" ("id", "full_name", "score", "creation_date") VALUES (?,?,?,?)"#)

            // The Folio note
            XCTAssertEqual(try ColumnNames.Player.filter(ColumnNames.Player.Columns.fullName == "Arthur").fetchOne(db)?.id, 1)
            XCTAssertEqual(try ColumnNames.Player.filter { $0.fullName == "Arthur" }.fetchOne(db)?.id, 1)
            XCTAssertEqual(lastSQLQuery, #"SELECT * FROM "player" WHERE "full_name" = ? LIMIT 1"#)
        }
    }

    func testPrimaryKeys() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.PrimaryKeys.createTables(db)
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("team").columns, ["id"])
            XCTAssertEqual(try db.primaryKey("membership").columns, ["playerId", "teamId"])
            XCTAssertEqual(try db.foreignKeys(on: "membership").map(\.destinationTable).sorted(), ["player", "team"])
        }
    }

    func testHiddenRowidPrimaryKey() throws {
        typealias HiddenRowid = Guide.HiddenRowid
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try HiddenRowid.createTable(db)
            var player = HiddenRowid.Player(rowid: nil, name: "Arthur", score: 100)
            try player.insert(db)
            XCTAssertEqual(player.rowid, 1)
        }
        clearSQLQueries()
        try HiddenRowid.run(dbQueue)
        XCTAssertTrue(sqlQueries.contains(#"SELECT *, "rowid" FROM "player" WHERE "rowid" = ?"#), "\(sqlQueries)")
        XCTAssertTrue(sqlQueries.contains(#"DELETE FROM "player" WHERE "rowid"=?"#), "\(sqlQueries)")
        try dbQueue.read { db in
            XCTAssertEqual(try HiddenRowid.Player.fetchCount(db), 0)
        }
    }

    func testRecordOfTableWithoutPrimaryKeyCanNotBeUpdatedIndividually() throws {
        struct Player: Codable, FetchableRecord, PersistableRecord {
            var name: String
            var score: Int
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.HiddenRowid.createTable(db)
            let player = Player(name: "Arthur", score: 100)
            try player.insert(db)
            XCTAssertEqual(try Player.fetchAll(db).map(\.name), ["Arthur"])
            XCTAssertThrowsError(try player.update(db))
            XCTAssertFalse(try player.delete(db))
            XCTAssertEqual(try Player.fetchCount(db), 1)
        }
    }

    func testIdColumn() throws {
        typealias IdColumn = Guide.IdColumn
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try IdColumn.conventional(db)
            XCTAssertEqual(try db.primaryKey("player").columns, ["id"])
        }
        let player = IdColumn.Player(id: "42", name: "Arthur")
        let json = String(decoding: try JSONEncoder().encode(player), as: UTF8.self)
        XCTAssertTrue(json.contains(#""uuid":"42""#), json)
        XCTAssertEqual(IdColumn.LegacyPlayer(uuid: "43", name: "Barbara").id, "43")
    }

    func testUniqueKeys() throws {
        typealias UniqueKeys = Guide.UniqueKeys
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try UniqueKeys.createTables(db)
            try db.alter(table: "player") { t in t.add(column: "score", .integer).notNull().defaults(to: 0) }
            try db.execute(sql: """
                INSERT INTO team (id) VALUES (1);
                INSERT INTO player (id, teamId, position, name, score) VALUES (1, 1, 3, 'Arthur', 1000), (2, 1, 4, 'Barbara', 0);
                """)

            // SQLite refuses a second player at the same position
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (teamId, position, name) VALUES (1, 3, 'Craig')")) { error in
                XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
            }

            try UniqueKeys.keys(db)
            XCTAssertEqual(lastSQLQuery, #"DELETE FROM "player" WHERE "name" = ?"#)
            XCTAssertEqual(try UniqueKeys.Player.fetchCount(db), 1)

            // Not a unique key: an error that names the table and the columns
            XCTAssertThrowsError(try UniqueKeys.Player.fetchOne(db, key: ["teamId": 1, "score": 1000])) { error in
                XCTAssertTrue(error is DatabaseError)
                XCTAssertTrue("\(error)".contains("table player has no unique key on column(s) score, teamId"), "\(error)")
            }

            try db.execute(sql: "INSERT INTO player (id, teamId, position, name, score) VALUES (3, 1, 5, 'Craig', 1000)")
            let player = try UniqueKeys.filters(db)
            XCTAssertEqual(player?.name, "Craig")
            XCTAssertEqual(try UniqueKeys.Player.fetchCount(db), 1)
        }
    }

    func testDroppableUniqueIndex() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try Guide.UniqueKeys.droppableIndex(db)
            XCTAssertEqual(try db.indexes(on: "team"), [])
            try db.create(indexOn: "team", columns: ["name"], options: .unique)
            XCTAssertEqual(try db.indexes(on: "team").map(\.name), ["index_team_on_name"])
        }
    }

    func testForeignKeysConfigureAssociations() throws {
        typealias ForeignKeys = Guide.ForeignKeys
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try ForeignKeys.createTables(db)
            XCTAssertEqual(try db.foreignKeys(on: "player").map(\.destinationTable), ["team"])
            XCTAssertEqual(try db.indexes(on: "player").map(\.name), ["player_on_teamId"])
            try db.execute(sql: "INSERT INTO team (id, color) VALUES (1, 'red'); INSERT INTO player (name, teamId) VALUES ('Arthur', 1)")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO player (name, teamId) VALUES ('Barbara', 2)"))

            let row = try ForeignKeys.Player.including(required: ForeignKeys.Player.team).asRequest(of: Row.self).fetchOne(db)!
            XCTAssertEqual(row.scopes["team"]?["color"], "red")
            XCTAssertEqual(try ForeignKeys.Team.annotated(with: ForeignKeys.Team.players.count).asRequest(of: Row.self).fetchOne(db)?["playerCount"], 1)
        }
    }

    func testExplicitForeignKeys() throws {
        typealias NoForeignKey = Guide.NoForeignKey
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try NoForeignKey.createTables(db)
            try db.execute(sql: "INSERT INTO team (id, color) VALUES (1, 'red'); INSERT INTO player (name, teamId) VALUES ('Arthur', 1)")
            let request = NoForeignKey.Player.including(required: NoForeignKey.Player.team)
            XCTAssertEqual(
                try request.makePreparedRequest(db).statement.sql,
                #"SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#)
            XCTAssertEqual(try NoForeignKey.Team.including(all: NoForeignKey.Team.players).asRequest(of: Row.self).fetchOne(db)?.prefetchedRows["players"]?.count, 1)

            // Without the ForeignKey, the association can not find its columns
            struct OrphanPlayer: TableRecord {
                static let databaseTableName = "player"
                static let team = belongsTo(NoForeignKey.Team.self)
            }
            XCTAssertThrowsError(try OrphanPlayer.including(required: OrphanPlayer.team).asRequest(of: Row.self).fetchAll(db))
        }
    }
}
