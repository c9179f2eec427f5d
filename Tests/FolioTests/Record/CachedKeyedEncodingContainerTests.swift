@testable import Folio
import XCTest

/// `TypedCachedKeyedEncodingContainer.isShared` relies on the standard
/// library's private layout of `KeyedEncodingContainer`: a single
/// reference to the box of the encoder's container. This test fails when
/// that layout changes (encoders would then never be reused, which costs
/// workload 7 about 11 % of its instructions: see the comment of
/// `isShared`).
final class CachedKeyedEncodingContainerTests: XCTestCase {
    enum CodingKeys: String, CodingKey { case id }

    struct Player: Encodable, EncodableRecord {
        var id: Int64
    }

    /// Asks an encoder for its keyed container, and drops it. Not inlined,
    /// so that no temporary of the caller keeps a reference to the
    /// container (debug builds keep them to the end of their scope).
    @inline(never)
    func askContainer(_ encoder: RecordEncoder<Player>) {
        _ = encoder.container(keyedBy: CodingKeys.self)
    }

    func testKeyedEncodingContainerIsOneReference() {
        XCTAssertEqual(MemoryLayout<KeyedEncodingContainer<CodingKeys>>.size, MemoryLayout<AnyObject>.size)
        XCTAssertEqual(MemoryLayout<KeyedEncodingContainer<CodingKeys>>.alignment, MemoryLayout<AnyObject>.alignment)
    }

    func testIsSharedTellsACopiedContainer() throws {
        let encoder = RecordEncoder<Player>()
        askContainer(encoder)
        let entry = try XCTUnwrap(encoder.keyedContainer)
        #if !DEBUG
        // Debug builds keep more references to the box than the entry's
        // (the unoptimized code of the encoder's `container(keyedBy:)`):
        // the entry sees it shared there, and encoders are not reused in
        // debug builds.
        XCTAssertFalse(entry.isShared, "a container held by the entry only is not shared: the encoder is reused")
        #endif
        let copy = encoder.container(keyedBy: CodingKeys.self)
        XCTAssertTrue(entry.isShared, "a copy of the container shares its box: the encoder is not reused")
        withExtendedLifetime(copy) { }
    }
}
