import Folio
import XCTest

/// Every GRDB spelling of `PersistenceContainer`'s subscripts compiles,
/// unambiguously, next to Folio's generic setters for values of a concrete
/// type, and stores the same database value.
final class PersistenceContainerSubscriptTests: XCTestCase {
    enum Columns: String, ColumnExpression {
        case a
    }

    struct Tag: DatabaseValueConvertible, Equatable {
        var name: String
        var databaseValue: DatabaseValue { name.databaseValue }
        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Tag? {
            String.fromDatabaseValue(dbValue).map(Tag.init(name:))
        }
    }

    final class Box: DatabaseValueConvertible, @unchecked Sendable {
        var value: Int
        init(_ value: Int) { self.value = value }
        var databaseValue: DatabaseValue { value.databaseValue }
        static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? { nil }
    }

    /// The value stored in `container["a"]`.
    private func stored(_ container: PersistenceContainer) -> DatabaseValue? {
        container["a"]?.databaseValue
    }

    func testConcreteValues() {
        var container = PersistenceContainer()
        let int = 1
        container["a"] = int
        XCTAssertEqual(stored(container), 1.databaseValue)
        container["a"] = "text"
        XCTAssertEqual(stored(container), "text".databaseValue)
        container["a"] = 2
        XCTAssertEqual(stored(container), 2.databaseValue)
        container["a"] = 1.5
        XCTAssertEqual(stored(container), 1.5.databaseValue)
        container["a"] = true
        XCTAssertEqual(stored(container), 1.databaseValue)
        container["a"] = Tag(name: "swift")
        XCTAssertEqual(stored(container), "swift".databaseValue)
        container["a"] = DatabaseValue.null
        XCTAssertEqual(stored(container), .null)
        container["a"] = Data([1, 2])
        XCTAssertEqual(stored(container), Data([1, 2]).databaseValue)
        XCTAssertEqual(container.columns, ["a"])
    }

    func testNilAndOptionals() {
        var container = PersistenceContainer()
        container["a"] = 1
        container["a"] = nil
        XCTAssertEqual(stored(container), .null)

        let missing: Int? = nil
        container["a"] = missing
        XCTAssertEqual(stored(container), .null)
        let present: Int? = 3
        container["a"] = present
        XCTAssertEqual(stored(container), 3.databaseValue)
        let nested: Int?? = .some(nil)
        container["a"] = nested
        XCTAssertEqual(stored(container), .null)

        let flag = Bool.random()
        container["a"] = flag ? 4 : nil
        XCTAssertEqual(stored(container), flag ? 4.databaseValue : .null)
        let optionalTag: Tag? = Tag(name: "t")
        container["a"] = optionalTag
        XCTAssertEqual(stored(container), "t".databaseValue)
    }

    func testExistentialsAndGenerics() {
        func set(_ value: some DatabaseValueConvertible, in container: inout PersistenceContainer) {
            container["a"] = value
        }
        func setColumn<V: DatabaseValueConvertible>(_ value: V, in container: inout PersistenceContainer) {
            container[Column("a")] = value
        }
        var container = PersistenceContainer()
        set(5, in: &container)
        XCTAssertEqual(stored(container), 5.databaseValue)
        setColumn("six", in: &container)
        XCTAssertEqual(stored(container), "six".databaseValue)
        set(Optional<Int>.none, in: &container)
        XCTAssertEqual(stored(container), .null)

        let existential: any DatabaseValueConvertible = 7
        container["a"] = existential
        XCTAssertEqual(stored(container), 7.databaseValue)
        let optionalExistential: (any DatabaseValueConvertible)? = "eight"
        container["a"] = optionalExistential
        XCTAssertEqual(stored(container), "eight".databaseValue)
        let noExistential: (any DatabaseValueConvertible)? = nil
        container["a"] = noExistential
        XCTAssertEqual(stored(container), .null)
        let values: [any DatabaseValueConvertible] = [9, "ten"]
        container["a"] = values[1]
        XCTAssertEqual(stored(container), "ten".databaseValue)

        // A class: its database value when it is set.
        let box = Box(11)
        container["a"] = box
        box.value = 12
        XCTAssertEqual(stored(container), 11.databaseValue)
    }

    func testColumnKeys() {
        var container = PersistenceContainer()
        container[Column("a")] = 1
        XCTAssertEqual(container[Column("a")]?.databaseValue, 1.databaseValue)
        container[Columns.a] = "two"
        XCTAssertEqual(container[Columns.a]?.databaseValue, "two".databaseValue)
        container[Column("A")] = nil
        XCTAssertEqual(container[Column("a")]?.databaseValue, .null)
        let optional: String? = "three"
        container[Columns.a] = optional
        XCTAssertEqual(stored(container), "three".databaseValue)
        let existential: any DatabaseValueConvertible = 4
        container[Column("a")] = existential
        XCTAssertEqual(stored(container), 4.databaseValue)
        container[.rowID] = 5
        XCTAssertEqual(container[.rowID]?.databaseValue, 5.databaseValue)
        XCTAssertEqual(container.columns, ["a", "rowid"])
    }

    func testReads() {
        var container = PersistenceContainer()
        container["a"] = "text"
        // Without a type context.
        let value = container["a"]
        XCTAssertEqual(value?.databaseValue, "text".databaseValue)
        XCTAssertTrue(type(of: value) == Optional<any DatabaseValueConvertible>.self)
        // With one.
        let typed: (any DatabaseValueConvertible)? = container["a"]
        XCTAssertEqual(typed?.databaseValue, "text".databaseValue)
        let columnTyped: (any DatabaseValueConvertible)? = container[Column("a")]
        XCTAssertEqual(columnTyped?.databaseValue, "text".databaseValue)
        // Casts: Folio stores database values (see PersistenceContainer).
        XCTAssertNotNil(container["a"] as? DatabaseValue)
        XCTAssertEqual(container["a"] as? DatabaseValue, "text".databaseValue)
        XCTAssertNil(container["missing"] as? String)
        XCTAssertNil(container["missing"])
        XCTAssertTrue(container["missing"] == nil)
        if let found = container["a"] {
            XCTAssertEqual(found.databaseValue, "text".databaseValue)
        } else {
            XCTFail("missing value")
        }
        let fallback = container["missing"] ?? 0
        XCTAssertEqual(fallback.databaseValue, 0.databaseValue)
        XCTAssertEqual(container["a"].map { $0.databaseValue }, "text".databaseValue)

        // Copying a value from one container to another.
        var other = PersistenceContainer()
        other["b"] = container["a"]
        XCTAssertEqual(other["b"]?.databaseValue, "text".databaseValue)
        other[Column("c")] = container[Column("a")]
        XCTAssertEqual(other["c"]?.databaseValue, "text".databaseValue)
    }

    func testConcreteValuesKeepTheColumnRules() {
        // Case-insensitive replacement and first-assignment order, as
        // GRDB's subscript.
        var container = PersistenceContainer()
        container["b"] = 1
        container["a"] = 2
        container["B"] = 3
        container[Column("A")] = 4
        XCTAssertEqual(container.columns, ["b", "a"])
        XCTAssertEqual(container["b"]?.databaseValue, 3.databaseValue)
        XCTAssertEqual(container["a"]?.databaseValue, 4.databaseValue)
    }
}
