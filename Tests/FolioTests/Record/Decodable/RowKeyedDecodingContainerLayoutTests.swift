@testable import Folio
import XCTest

/// The two keyed containers of `RecordDecoder` keep different layouts (see
/// the comment of `RecordKeyedDecodingContainer`): were they the same, the
/// compiler would merge their decoding methods behind one more call per
/// decoded key. This test fails when a change gives them the same layout.
final class RowKeyedDecodingContainerLayoutTests: XCTestCase {
    enum CodingKeys: String, CodingKey { case id, name }

    func testContainersDoNotShareTheirLayout() throws {
        typealias Owning = RecordKeyedDecodingContainer<CodingKeys>
        typealias Cached = CachedRowKeyedDecodingContainer<CodingKeys>
        // Same size: only the order of the properties tells them apart.
        XCTAssertEqual(MemoryLayout<Owning>.size, MemoryLayout<Cached>.size)
        let owningOffsets = try [
            XCTUnwrap(MemoryLayout<Owning>.offset(of: \Owning.plan)),
            XCTUnwrap(MemoryLayout<Owning>.offset(of: \Owning.record)),
            XCTUnwrap(MemoryLayout<Owning>.offset(of: \Owning.owner)),
        ]
        let cachedOffsets = try [
            XCTUnwrap(MemoryLayout<Cached>.offset(of: \Cached.plan)),
            XCTUnwrap(MemoryLayout<Cached>.offset(of: \Cached.record)),
            XCTUnwrap(MemoryLayout<Cached>.offset(of: \Cached.unmanagedRow)),
        ]
        for (owning, cached) in zip(owningOffsets, cachedOffsets) {
            XCTAssertNotEqual(owning, cached, "the row, the plan and the record must sit at other offsets in each container")
        }
    }
}
