/// The columns of the coding keys that the keyed container of a
/// ``RecordEncoder`` met, by position: the key encoded first, second, ...
/// by the previous record, and their columns.
///
/// A record type encodes its keys in the same order from one record to the
/// next: the plan expects at position i the key of position i last time,
/// and gives its column without asking the key for its `stringValue`
/// (nor applying the column encoding strategy again). That is a call
/// through the key's witness, and the release of the string it returns.
/// With the container's side of the fast path (the column's bits compared
/// in place, see ``RecordKeyedEncodingContainer``), workload 7 of
/// Benchmarks/README.md (10 columns) went from 24,293,938 to 23,799,510
/// instructions: -124 per insertion.
///
/// **How a key is recognized.** Only for key types that are plain values
/// of at most one byte (enums without payloads, as synthesized
/// `CodingKeys`): the key is the expected one when its bits are the bits of
/// the expected key. This assumes that such a key's `stringValue` is a
/// function of its bits (it is for enums, synthesized or hand-written,
/// whose `stringValue` depends on the case only), as the row decoder does
/// already (`RowDecodingPlan`). Other key types (structs that hold a
/// string, for instance) have no plan, and the column encoding strategy
/// `.custom`, a function that Folio does not assume pure, neither.
/// `RecordEncodingKeyPlanTests` checks both ways.
///
/// **When a key is not the expected one** (keys skipped by a hand-written
/// `encode(to:)`, another order, the same key twice), the column comes
/// from the key itself, and replaces the entry of the position: a wrong
/// guess costs the look-up it saves, never a wrong column. The container
/// that receives the values (``PersistenceContainer``) keeps its own rules
/// (case-insensitive columns, the last value set wins).
///
/// One plan belongs to one keyed container, whose key type it knows; the
/// encoder resets its position when a record asks for that container.
final class RecordEncodingKeyPlan {
    /// The key met at one position, and its column.
    struct Entry {
        /// The bits of the key.
        var keyBits: UInt8
        /// The bits of ``column``: a container whose next column has the
        /// same bits expects this very string (see
        /// ``PersistenceContainer/expectsNextColumn(withBits:)``).
        var columnBits: PersistenceContainer.ColumnBits
        /// The column of the key. The entry owns it, so that no other
        /// string gets its bits while the entry lives.
        var column: String

        init(keyBits: UInt8, column: String) {
            self.keyBits = keyBits
            self.columnBits = PersistenceContainer.ColumnBits(column)
            self.column = column
        }
    }

    /// The keys of the previous record, by position. Only the keyed
    /// container and its encoder use it, on one thread at a time: no
    /// exclusivity check per column.
    @exclusivity(unchecked) var entries: [Entry] = []

    /// The position of the next key.
    @exclusivity(unchecked) var position = 0

    /// Whether keys of type `Key` can be recognized by their bits: plain
    /// values of at most one byte (and strings of two words, the
    /// representation that ``PersistenceContainer/ColumnBits`` reads).
    static func supports<Key: CodingKey>(_ keyType: Key.Type) -> Bool {
        _isPOD(Key.self) && MemoryLayout<Key>.size <= 1 && PersistenceContainer.ColumnBits.isSupported
    }

    /// The bits of a key of a type that the plan supports.
    @inline(__always)
    static func bits<Key: CodingKey>(of key: Key) -> UInt8 {
        MemoryLayout<Key>.size == 1 ? unsafeBitCast(key, to: UInt8.self) : 0
    }

    /// What the plan says of a key, at its position (see
    /// ``next(_:)``): a trivial value, so that the caller holds no
    /// reference to the plan while it writes the value.
    enum Expectation {
        /// The expected key, whose column has these bits.
        case expected(position: Int, columnBits: PersistenceContainer.ColumnBits)
        /// Not the expected key.
        case unexpected(position: Int)
    }

    /// Says whether `key` is the key expected at the next position, and
    /// advances the position.
    @inline(__always)
    func next<Key: CodingKey>(_ key: Key) -> Expectation {
        let position = self.position
        self.position = position &+ 1
        if expects(key, at: position) {
            return .expected(position: position, columnBits: entries[position].columnBits)
        }
        return .unexpected(position: position)
    }

    /// Whether `key` is the key that the plan expects at `position`.
    @inline(__always)
    func expects<Key: CodingKey>(_ key: Key, at position: Int) -> Bool {
        position < entries.count && entries[position].keyBits == Self.bits(of: key)
    }

    /// Records the column of the key at `position`, which the plan did not
    /// expect there.
    func learn<Key: CodingKey>(_ column: String, for key: Key, at position: Int) {
        let entry = Entry(keyBits: Self.bits(of: key), column: column)
        if position < entries.count {
            entries[position] = entry
        } else {
            entries.append(entry)
        }
    }
}
