@testable import Folio
import XCTest

/// A `LayerSlot` reads its value only as the exact class stored in it: the
/// check that makes its `unsafeDowncast` safe in every build.
final class LayerSlotTests: XCTestCase {
    final class Plans: LayerSlotValue {
        var emptiedBy: AnyObject?
        func slotWillEmpty(owner: AnyObject) { emptiedBy = owner }
    }

    final class Containers: LayerSlotValue { }

    class Base: LayerSlotValue { }
    final class Derived: Base { }

    func testValueReadsBackAsItsOwnType() {
        var slot = LayerSlot()
        XCTAssertNil(slot.value(as: Plans.self))
        let plans = slot.value(orInsert: Plans.init)
        XCTAssertTrue(slot.value(as: Plans.self) === plans)
        XCTAssertTrue(slot.value(orInsert: Plans.init) === plans, "the slot keeps its value")
    }

    func testValueOfAnotherTypeReadsAsNil() {
        var slot = LayerSlot()
        _ = slot.value(orInsert: Plans.init)
        // Were the read an unchecked downcast, it would return the Plans
        // instance as a Containers.
        XCTAssertNil(slot.value(as: Containers.self))
    }

    func testSubclassInstanceReadsAsNilThroughItsSuperclass() {
        var slot = LayerSlot()
        _ = slot.value(orInsert: { Derived() as Base })
        XCTAssertNil(slot.value(as: Base.self), "values of a slot are of one final class")
        XCTAssertNotNil(slot.value(as: Derived.self))
    }

    func testEmptyTellsTheValue() {
        var slot = LayerSlot()
        let plans = slot.value(orInsert: Plans.init)
        let owner = NSObject()
        slot.empty(owner: owner)
        XCTAssertTrue(plans.emptiedBy === owner)
        XCTAssertNil(slot.value(as: Plans.self))
    }
}
