import Foundation
import Folio
import Library
import XCTest

/// The replica property test of changesets (issue 29): random writes on
/// the library schema, recorded on A and applied to B, leave B equal to A
/// after every batch; the inverted changesets, applied in reverse order,
/// bring B back to empty.
final class LibraryReplicaPropertyTests: XCTestCase {
    /// A deterministic generator (SplitMix64), so that a failure replays.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let operationCount = 10_000
    private static let batchSize = 100

    private func contents(_ writer: some DatabaseReader) throws -> [Row] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT 'author' AS t, id, name, country, NULL AS authorId, NULL AS modifiedAt FROM author
                UNION ALL
                SELECT 'book', id, title, NULL, authorId, modifiedAt FROM book
                ORDER BY 1, 2
                """)
        }
    }

    /// One random write on A.
    private func randomOperation(_ db: Database, _ random: inout SeededGenerator) throws {
        let authorIds = try Int64.fetchAll(db, sql: "SELECT id FROM author")
        let bookIds = try Int64.fetchAll(db, sql: "SELECT id FROM book")
        let countries: [String?] = [nil, "France", "Italy", "Peru", "Japan"]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<15:
            try db.execute(
                sql: "INSERT INTO author (name, country) VALUES (?, ?)",
                arguments: ["Author \(random.next() % 1000)", countries.randomElement(using: &random)!])
        case 15..<45 where !authorIds.isEmpty:
            try db.execute(
                sql: "INSERT INTO book (title, authorId, modifiedAt) VALUES (?, ?, ?)",
                arguments: ["Book \(random.next() % 10_000)", authorIds.randomElement(using: &random)!,
                            Double(random.next() % 1_000_000) / 8])
        case 45..<60 where !authorIds.isEmpty:
            try db.execute(
                sql: "UPDATE author SET name = ?, country = ? WHERE id = ?",
                arguments: ["Renamed \(random.next() % 1000)", countries.randomElement(using: &random)!,
                            authorIds.randomElement(using: &random)!])
        case 60..<80 where !bookIds.isEmpty:
            if Bool.random(using: &random) || authorIds.isEmpty {
                try db.execute(
                    sql: "UPDATE book SET title = ?, modifiedAt = modifiedAt + 1 WHERE id = ?",
                    arguments: ["Retitled \(random.next() % 1000)", bookIds.randomElement(using: &random)!])
            } else {
                try db.execute(
                    sql: "UPDATE book SET authorId = ? WHERE id = ?",
                    arguments: [authorIds.randomElement(using: &random)!, bookIds.randomElement(using: &random)!])
            }
        case 80..<92 where !bookIds.isEmpty:
            try db.execute(sql: "DELETE FROM book WHERE id = ?", arguments: [bookIds.randomElement(using: &random)!])
        case 92..<100 where !authorIds.isEmpty:
            // Cascades to the books of the author (indirect deletes).
            try db.execute(sql: "DELETE FROM author WHERE id = ?", arguments: [authorIds.randomElement(using: &random)!])
        default:
            try db.execute(sql: "INSERT INTO author (name) VALUES ('Anonymous')")
        }
    }

    func testReplicaFollowsRecordedChangesAndInvertsToEmpty() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LibraryReplicaPropertyTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try DatabaseQueue(path: directory.appendingPathComponent("a.sqlite").path)
        // B is a replica: the changesets hold the deletions that cascaded
        // on A (indirect changes), so B's foreign key actions must not run
        // again (they would delete a book that the changeset moves to
        // another author before deleting its first author).
        var replicaConfiguration = Configuration()
        replicaConfiguration.foreignKeysEnabled = false
        let b = try DatabaseQueue(path: directory.appendingPathComponent("b.sqlite").path, configuration: replicaConfiguration)
        try LibrarySchema.migrator.migrate(a)
        try LibrarySchema.migrator.migrate(b)

        var random = SeededGenerator(state: 29)
        var changesets: [Changeset] = []
        var changeCount = 0
        var byteCount = 0
        var indirectCount = 0
        let start = Date()
        for batch in 0..<(Self.operationCount / Self.batchSize) {
            let (changeset, _) = try a.write { db in
                try db.recordChanges(in: ["author", "book"]) { db in
                    for _ in 0..<Self.batchSize {
                        try randomOperation(db, &random)
                    }
                }
            }
            changesets.append(changeset)
            let changes = try changeset.changes
            changeCount += changes.count
            indirectCount += changes.filter(\.indirect).count
            byteCount += changeset.data.count
            // No conflict: apply without a handler.
            try b.write { db in
                try db.apply(changeset)
                try db.checkForeignKeys()
            }
            XCTAssertEqual(try contents(b), try contents(a), "batch \(batch)")
        }
        XCTAssertFalse(try contents(a).isEmpty)

        for changeset in changesets.reversed() {
            try b.write { db in
                try db.apply(changeset.inverted())
            }
        }
        XCTAssertEqual(try contents(b), [])
        let elapsed = Date().timeIntervalSince(start)
        print("""
            Replica property test: \(Self.operationCount) operations in \(changesets.count) batches, \
            \(changeCount) changes, \(byteCount) bytes of changesets, \(indirectCount) of them indirect (cascades), \
            \(String(format: "%.2f", elapsed)) s
            """)
    }
}
