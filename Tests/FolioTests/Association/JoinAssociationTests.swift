import Folio
import XCTest

final class JoinAssociationTests: FolioTestCase {
    struct Chat: Codable, FetchableRecord, TableRecord {
        var id: Int64
    }

    struct Message: Codable, FetchableRecord, TableRecord {
        var id: Int64
        var chatId: Int64
        var date: Int
    }

    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE chat (id INTEGER PRIMARY KEY);
                CREATE TABLE message (id INTEGER PRIMARY KEY, chatId INTEGER REFERENCES chat(id), date INTEGER);
                INSERT INTO chat VALUES (1), (2), (3);
                INSERT INTO message VALUES (1, 1, 10), (2, 1, 20), (3, 2, 5);
                """)
        }
        return dbQueue
    }

    private let latestMessageCTE = CommonTableExpression<Message>(
        named: "latestMessage",
        sql: "SELECT id, chatId, MAX(date) AS date FROM message GROUP BY chatId")

    func testRecordAssociationToCTEWithCondition() throws {
        struct ChatInfo: Decodable, FetchableRecord {
            var chat: Chat
            var latestMessage: Message?
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let latestMessage: JoinAssociation<Chat, Message> = Chat.association(to: latestMessageCTE) { chat, latestMessage in
                chat.id == latestMessage.chatId
            }
            let request = Chat
                .with(latestMessageCTE)
                .including(optional: latestMessage)
                .order(Column("id"))
            let infos = try ChatInfo.fetchAll(db, request)
            XCTAssertEqual(lastSQLQuery, """
                WITH "latestMessage" AS (SELECT id, chatId, MAX(date) AS date FROM message GROUP BY chatId) \
                SELECT "chat".*, "latestMessage".* FROM "chat" \
                LEFT JOIN "latestMessage" ON "chat"."id" = "latestMessage"."chatId" ORDER BY "chat"."id"
                """)
            XCTAssertEqual(infos.map(\.chat.id), [1, 2, 3])
            XCTAssertEqual(infos.map(\.latestMessage?.id), [2, 3, nil])
            XCTAssertEqual(infos.map(\.latestMessage?.date), [20, 5, nil])
        }
    }

    func testJoinAssociationIsRefinable() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let latestMessage = Chat
                .association(to: latestMessageCTE) { chat, message in chat.id == message.chatId }
                .filter(Column("date") > 6)
                .forKey("last")
            let rows = try Row.fetchAll(db, Chat.with(latestMessageCTE).joining(required: latestMessage))
            XCTAssertEqual(lastSQLQuery, """
                WITH "latestMessage" AS (SELECT id, chatId, MAX(date) AS date FROM message GROUP BY chatId) \
                SELECT "chat".* FROM "chat" \
                JOIN "latestMessage" ON ("chat"."id" = "latestMessage"."chatId") AND ("latestMessage"."date" > ?)
                """)
            XCTAssertEqual(rows.map { $0["id"] as Int64 }, [1])
        }
    }

    func testAssociationWithoutCondition() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let maxDateCTE = CommonTableExpression(named: "maxDate", sql: "SELECT MAX(date) AS maxDate FROM message")
            let maxDate = Chat.association(to: maxDateCTE)
            let rows = try Row.fetchAll(db, Chat.with(maxDateCTE).annotated(withRequired: maxDate.select(Column("maxDate"))))
            XCTAssertEqual(lastSQLQuery, """
                WITH "maxDate" AS (SELECT MAX(date) AS maxDate FROM message) \
                SELECT "chat".*, "maxDate"."maxDate" FROM "chat" JOIN "maxDate"
                """)
            XCTAssertEqual(rows.map { $0["maxDate"] as Int }, [20, 20, 20])
        }
    }

    func testTableAndCTEAssociations() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let chats = Table<Row>("chat")
            let latestMessage = chats.association(to: latestMessageCTE) { chat, message in chat.id == message.chatId }
            let chatOfMessage = latestMessageCTE.association(to: Chat.self) { message, chat in chat.id == message.chatId }
            let request = chats.all()
                .with(latestMessageCTE)
                .including(required: latestMessage.including(required: chatOfMessage))
            let rows = try Row.fetchAll(db, request)
            XCTAssertEqual(rows.count, 2)
            XCTAssertEqual(rows.map { $0.scopes["latestMessage"]?.scopes["chat"]?["id"] as Int64? }, [1, 2])

            let otherCTE = CommonTableExpression<Row>(named: "other", sql: "SELECT 1 AS chatId")
            let other = latestMessageCTE.association(to: otherCTE) { message, other in message.chatId == other.chatId }
            let cross = latestMessageCTE.association(to: otherCTE)
            XCTAssertEqual(try latestMessageCTE.all().with(latestMessageCTE).with(otherCTE).joining(required: other).fetchCount(db), 1)
            XCTAssertEqual(try latestMessageCTE.all().with(latestMessageCTE).with(otherCTE).joining(required: cross).fetchCount(db), 2)
            let tableCross = chats.association(to: otherCTE)
            XCTAssertEqual(try chats.all().with(otherCTE).joining(required: tableCross).fetchCount(db), 3)
        }
    }

    func testRequestForJoinAssociationThrows() throws {
        struct EncodableChat: Codable, FetchableRecord, PersistableRecord {
            static let databaseTableName = "chat"
            var id: Int64
        }
        let dbQueue = try makeDatabase()
        try dbQueue.read { db in
            let association = EncodableChat.association(to: latestMessageCTE) { chat, message in chat.id == message.chatId }
            let request = EncodableChat(id: 1).request(for: association).with(latestMessageCTE)
            XCTAssertThrowsError(try request.fetchAll(db)) { error in
                let message = (error as? DatabaseError)?.message ?? ""
                XCTAssertTrue(message.contains("association(to:on:)"), "\(error)")
            }
        }
    }
}
