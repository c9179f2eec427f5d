/// An object that a layer above Core keeps in a ``LayerSlot``.
///
/// Core never reads it: it only tells it when the slot is emptied, so
/// that it can release what it holds.
protocol LayerSlotValue: AnyObject {
    /// Called when the slot that holds the value is emptied: the cursor
    /// of a row ended, or the connection closes.
    ///
    /// - Parameter owner: The object whose slot held the value (a
    ///   ``Row``, a ``Statement``, a ``Database``, a ``PrefetchBuffer``).
    func slotWillEmpty(owner: AnyObject)
}

extension LayerSlotValue {
    func slotWillEmpty(owner: AnyObject) { }
}

/// Storage that a Core object keeps for a layer above Core, without
/// naming that layer's types: the one way Core carries state for the
/// layers that are built on it (see `Documentation/Architecture.md`).
///
/// - A ``Database`` keeps the INSERT statements of the persistence
///   methods, and the steps they hand over to customizable methods (the
///   record layer's `PersistenceConnectionState`).
/// - A ``Statement`` keeps the decoding plans of the `Decodable` records
///   decoded from its rows (`RowDecodingPlanCache`).
/// - A ``Row`` that a cursor reuses keeps the keyed decoding containers
///   of its records from one step to the next (`KeyedContainerCache`).
/// - A ``PrefetchBuffer`` keeps the row that decodes its rows, for all
///   the parent rows of a prefetch (`PrefetchedRowsCursor`).
///
/// Each slot has one owner layer, and holds one type of value, a final
/// class. Reading it is checked in every build, without a dynamic cast:
/// the class of the value is compared with the expected one (a load and
/// a compare: `as?` would call the runtime's `swift_dynamicCastClass`,
/// which walks the class hierarchy, on each record decoded or inserted),
/// and only then downcast. A value of another type reads as nil, and
/// ``value(orInsert:)`` stops the program rather than replace another
/// layer's value (`LayerSlotTests`).
struct LayerSlot {
    private var _value: (any LayerSlotValue)?

    init() { }

    /// The value of the slot, or nil when it is empty or holds a value of
    /// another type.
    ///
    /// - Parameter type: The type of the values of this slot: a final
    ///   class (a subclass instance reads as nil).
    @inline(__always)
    func value<Value: LayerSlotValue>(as type: Value.Type) -> Value? {
        guard let value = _value,
              ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(Value.self)
        else { return nil }
        // Safe: the class of the value is exactly `Value`.
        return unsafeDowncast(value, to: Value.self)
    }

    /// The value of the slot, made and stored by `make` when the slot is
    /// empty.
    ///
    /// Stops the program when the slot holds a value of another type: two
    /// layers would share one slot, a bug of Folio.
    ///
    /// - Parameter make: A function that makes the value.
    @inline(__always)
    mutating func value<Value: LayerSlotValue>(orInsert make: () -> Value) -> Value {
        if let value = value(as: Value.self) { return value }
        if let other = _value {
            LayerSlot.typeMismatch(other, expected: Value.self)
        }
        let value = make()
        _value = value
        return value
    }

    /// Stops the program: a slot holds a value of another type than the
    /// one its layer keeps in it. Out of line, off the hot path.
    @inline(never)
    private static func typeMismatch(_ value: any LayerSlotValue, expected: Any.Type) -> Never {
        fatalError("Folio bug: a layer slot holds a \(Swift.type(of: value)), not a \(expected): each slot belongs to one layer, which keeps one type in it")
    }

    /// Empties the slot, and tells its value.
    ///
    /// - Parameter owner: The object whose slot this is.
    mutating func empty(owner: AnyObject) {
        guard let value = _value else { return }
        _value = nil
        value.slotWillEmpty(owner: owner)
    }
}
