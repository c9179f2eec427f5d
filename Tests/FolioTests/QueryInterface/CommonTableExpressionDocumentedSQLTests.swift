import Folio
import XCTest

/// The SQL of the samples of GRDB's "Common Table Expressions" guide that
/// write (`updateAll`, `deleteAll` with a CTE subquery) and that join a
/// CTE built from a query interface request (the "latest message of each
/// chat" sample), run as the guide writes them.
final class CommonTableExpressionDocumentedSQLTests: FolioTestCase {
    private struct Player: Codable, FetchableRecord, PersistableRecord {
        var id: Int64
        var name: String
        enum Columns {
            static let id = Column(CodingKeys.id)
            static let name = Column(CodingKeys.name)
        }
    }

    private struct Chat: Codable, FetchableRecord, TableRecord {
        var id: Int64
        enum Columns { static let id = Column(CodingKeys.id) }
    }

    private struct Message: Codable, FetchableRecord, TableRecord {
        var id: Int64
        var chatId: Int64
        var date: Int
        enum Columns {
            static let id = Column(CodingKeys.id)
            static let chatId = Column(CodingKeys.chatId)
            static let date = Column(CodingKeys.date)
        }
    }

    private struct ChatInfo: Decodable, FetchableRecord {
        var chat: Chat
        var latestMessage: Message?
    }

    private func makePlayerDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO player VALUES (1, 'Arthur'), (2, 'O''Brien');
                """)
        }
        clearSQLQueries()
        return dbQueue
    }

    /// "WITH playerName AS (SELECT 'O''Brien')
    ///  UPDATE player SET name = (SELECT * FROM playerName)"
    func testUpdateAllWithACommonTableExpression() throws {
        try makePlayerDatabase().write { db in
            let playerNameCTE = CommonTableExpression(named: "playerName", literal: "SELECT \("O'Brien")")
            let count = try Player
                .with(playerNameCTE)
                .updateAll(db) { $0.name.set(to: playerNameCTE.all()) }
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "playerName" AS (SELECT ?) UPDATE "player" SET "name" = (SELECT * FROM "playerName")"#)
            XCTAssertEqual(count, 2)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id"), ["O'Brien", "O'Brien"])
        }
    }

    /// "WITH playerName AS (SELECT 'O''Brien')
    ///  DELETE FROM player WHERE name = (SELECT * FROM playerName)"
    func testDeleteAllWithACommonTableExpression() throws {
        try makePlayerDatabase().write { db in
            let playerNameCTE = CommonTableExpression(named: "playerName", sql: "SELECT ?", arguments: ["O'Brien"])
            let count = try Player
                .with(playerNameCTE)
                .filter { $0.name == playerNameCTE.all() }
                .deleteAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"WITH "playerName" AS (SELECT ?) DELETE FROM "player" WHERE "name" = (SELECT * FROM "playerName")"#)
            XCTAssertEqual(count, 1)
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT name FROM player"), ["Arthur"])
        }
    }

    /// "WITH playerName AS (SELECT name FROM player) ..."
    func testCommonTableExpressionOfAQueryInterfaceRequest() throws {
        try makePlayerDatabase().read { db in
            let playerNameCTE = CommonTableExpression(named: "playerName", request: Player.select(\.name))
            let names = try String.fetchAll(db, playerNameCTE.all().with(playerNameCTE))
            XCTAssertEqual(lastSQLQuery, #"WITH "playerName" AS (SELECT "name" FROM "player") SELECT * FROM "playerName""#)
            XCTAssertEqual(Set(names), ["Arthur", "O'Brien"])
        }
    }

    /// "WITH latestMessage AS (SELECT *, MAX(date) FROM message GROUP BY chatID)
    ///  SELECT chat.*, latestMessage.* FROM chat
    ///  LEFT JOIN latestMessage ON chat.id = latestMessage.chatID
    ///  ORDER BY latestMessage.date DESC"
    func testLatestMessageOfEachChat() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE chat (id INTEGER PRIMARY KEY);
                CREATE TABLE message (id INTEGER PRIMARY KEY, chatId INTEGER REFERENCES chat(id), date INTEGER);
                INSERT INTO chat VALUES (1), (2), (3);
                INSERT INTO message VALUES (1, 1, 10), (2, 1, 20), (3, 2, 5);
                """)
        }
        try dbQueue.read { db in
            let latestMessageRequest = Message
                .annotated { max($0.date) }
                .group(\.chatId)
            let latestMessageCTE = CommonTableExpression<Message>(
                named: "latestMessage",
                request: latestMessageRequest)
            let latestMessage = Chat.association(
                to: latestMessageCTE,
                on: { chat, latestMessage in
                    chat.id == latestMessage.chatId
                })
                .order(\.date.desc)
            let request = Chat
                .with(latestMessageCTE)
                .including(optional: latestMessage)
                .asRequest(of: ChatInfo.self)
            let chatInfos = try request.fetchAll(db)
            XCTAssertEqual(lastSQLQuery, """
                WITH "latestMessage" AS (SELECT *, MAX("date") FROM "message" GROUP BY "chatId") \
                SELECT "chat".*, "latestMessage".* FROM "chat" \
                LEFT JOIN "latestMessage" ON "chat"."id" = "latestMessage"."chatId" \
                ORDER BY "latestMessage"."date" DESC
                """)
            XCTAssertEqual(chatInfos.map(\.chat.id), [1, 2, 3])
            XCTAssertEqual(chatInfos.map(\.latestMessage?.id), [2, 3, nil])
        }
    }
}
