import Folio
import Foundation
import XCTest

// `dataNoCopy` is deprecated: it is used from a deprecated declaration,
// called through a protocol whose requirement is not deprecated, so that the
// tests build without warnings.

private protocol DataNoCopyChecks {
    func readValues(_ db: Database) throws -> [Data?]
}

private struct Checks: DataNoCopyChecks {
    @available(*, deprecated)
    func readValues(_ db: Database) throws -> [Data?] {
        let rows = try Row.fetchCursor(db, sql: "SELECT x'0102' AS blob, 'ab' AS text, NULL AS none")
        var kept: [Data?] = []
        while let row = try rows.next() {
            kept.append(row.dataNoCopy(atIndex: 0))
            kept.append(row.dataNoCopy(named: "TEXT"))
            kept.append(row.dataNoCopy(named: "none"))
            kept.append(row.dataNoCopy(named: "missing"))
            kept.append(row.dataNoCopy(Column("blob")))
        }
        return kept
    }
}

/// The deprecated `dataNoCopy` accessors of GRDB 7, kept for code that still
/// calls them.
final class RowDataNoCopyTests: FolioTestCase {
    func testDataNoCopyReadsBlobsTextAndNullAndStaysValid() throws {
        let checks: any DataNoCopyChecks = Checks()
        let kept = try makeDatabaseQueue().read { db in try checks.readValues(db) }
        // The values stay valid after the cursor is done.
        XCTAssertEqual(kept, [Data([1, 2]), Data("ab".utf8), nil, nil, Data([1, 2])])
    }
}
