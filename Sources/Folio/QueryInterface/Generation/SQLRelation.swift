/// The relation model of query interface requests (an implementation
/// detail of the query interface and associations, with no public member): a table (or common
/// table expression) with its selection, filters and ordering, and the
/// associated relations joined to it or prefetched with it.
///
/// All expressions stored in a relation are qualified with the relation's
/// alias, so that they keep referring to the right table once the relation
/// is joined to other ones.
public struct SQLRelation: Sendable {
    /// What the relation selects from.
    enum Source: Sendable {
        /// A table.
        case table(String)
        /// A common table expression, by name.
        case commonTableExpression(String)
    }

    var source: Source
    let alias: TableAliasBase
    var selection: [SQLSelection]
    var filters: [SQLExpression] = []
    var ordering: [SQLOrdering] = []
    var isOrderingReversed = false
    /// Associated relations, by association key, in insertion order.
    var children: [(key: String, child: SQLRelationChild)] = []
    /// The common table expressions embedded with `with(_:)`, in the
    /// order they were embedded. The WITH clause of a query gathers those
    /// of its relation and of its joined relations.
    var commonTableExpressions: [SQLCommonTableExpression] = []
    /// The derivations that wait for a database connection, in the order
    /// of the calls: see `SQLRelation+Connected.swift`. Empty unless a
    /// `…WhenConnected` method was called on this relation.
    var connectedDerivations: [ConnectedDerivation] = []
    /// The GROUP BY clause of an association's destination, nil when it
    /// is not grouped, its HAVING conditions, and whether it is DISTINCT:
    /// see `SQLRelation+Grouping.swift`.
    var grouping: [SQLExpression]?
    var havingExpressions: [SQLExpression] = []
    var isDistinct = false
    /// The aliases of the uses of the same association key merged into
    /// this relation (see `SQLRelationChild.merged(with:key:)`): their
    /// expressions, and a user's `TableAlias` of an earlier use, refer to
    /// this relation's table.
    var mergedAliases: [TableAliasBase] = []
    /// How many levels of associations and common table expressions the
    /// relation holds, and whether it left out a chain deeper than
    /// ``maximumNesting``: see `SQLRelation+Nesting.swift`.
    var nestingDepth = 0
    var isNestedTooDeep = false

    init(table: String, alias: TableAliasBase = TableAliasBase(name: nil), selection: [SQLSelection]) {
        self.source = .table(table)
        self.alias = alias
        self.selection = selection.map { $0.qualified(with: alias) }
        alias.bind(to: table)
    }

    init(commonTableExpression name: String, alias: TableAliasBase = TableAliasBase(name: nil), selection: [SQLSelection]) {
        self.source = .commonTableExpression(name)
        self.alias = alias
        self.selection = selection.map { $0.qualified(with: alias) }
        alias.bind(to: name)
    }

    /// The name of the table or common table expression.
    var tableName: String {
        switch source {
        case .table(let name), .commonTableExpression(let name): return name
        }
    }

    /// The effective ordering: reversed when asked. Reversing a request
    /// that has no ordering has no effect, as in GRDB.
    var effectiveOrdering: [SQLOrdering] {
        guard isOrderingReversed else { return ordering }
        return ordering.map(\.reversed)
    }

    func select(_ selection: [SQLSelection]) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.select(selection) } }
        var relation = self
        relation.selection = selection.map { $0.qualified(with: alias) }
        return relation
    }

    func annotated(with selection: [SQLSelection]) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.annotated(with: selection) } }
        var relation = self
        relation.selection += selection.map { $0.qualified(with: alias) }
        return relation
    }

    func filter(_ predicate: SQLExpression) -> SQLRelation {
        if defersDerivations { return deriving(isFilter: true) { relation, _ in relation.filter(predicate) } }
        var relation = self
        if relation.filters.count >= SQLExpression.maximumCopiedOperands {
            // A long chain of `filter` calls: the filters become one AND,
            // which the next filters extend in constant time, instead of
            // copying the growing array at each call.
            let conjunction = relation.filters.dropFirst().reduce(relation.filters[0]) {
                SQLExpression.associative("AND", $0, $1)
            }
            relation.filters = [conjunction]
        }
        relation.filters.append(predicate.qualified(with: alias))
        return relation
    }

    func order(_ orderings: [SQLOrdering]) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.order(orderings) } }
        var relation = self
        relation.ordering = orderings.map { $0.qualified(with: alias) }
        relation.isOrderingReversed = false
        return relation
    }

    func thenOrder(_ orderings: [SQLOrdering]) -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.thenOrder(orderings) } }
        var relation = self
        if relation.isOrderingReversed {
            relation.ordering = relation.effectiveOrdering
            relation.isOrderingReversed = false
        }
        relation.ordering += orderings.map { $0.qualified(with: alias) }
        return relation
    }

    /// The relation with its ordering reversed, and the orderings of its
    /// joined associations, nested ones included (those of prefetched
    /// associations order their own queries).
    func reversed() -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.reversed() } }
        var relation = self
        relation.isOrderingReversed.toggle()
        for index in relation.children.indices where relation.children[index].child.kind != .all {
            relation.children[index].child.relation = relation.children[index].child.relation.reversed()
        }
        return relation
    }

    func unordered() -> SQLRelation {
        var relation = removingOwnOrdering()
        for index in relation.children.indices {
            relation.children[index].child.relation = relation.children[index].child.relation.unordered()
        }
        return relation
    }

    /// The relation without its own ordering (the orderings of its
    /// associated relations are kept).
    private func removingOwnOrdering() -> SQLRelation {
        if defersDerivations { return deriving { relation, _ in relation.removingOwnOrdering() } }
        var relation = self
        relation.ordering = []
        relation.isOrderingReversed = false
        return relation
    }

    /// Adds or merges an associated relation.
    func adding(_ child: SQLRelationChild, forKey key: String) -> SQLRelation {
        var relation = self
        let nesting = SQLRelation.nesting(of: child)
        if nesting.depth >= SQLRelation.maximumNesting {
            // Too deep to be walked: left out, and the relation throws
            // when it is used (see SQLRelation+Nesting.swift).
            relation.isNestedTooDeep = true
            return relation
        }
        if let index = relation.children.firstIndex(where: { $0.key.hasSameUTF8(as: key) }) {
            relation.children[index].child = relation.children[index].child.merged(with: child, key: key)
            let merged = SQLRelation.nesting(of: relation.children[index].child)
            relation.noteNesting(ofNestedRelation: merged.depth, isTooDeep: merged.isTooDeep)
        } else {
            relation.children.append((key, child))
            relation.noteNesting(ofNestedRelation: nesting.depth, isTooDeep: nesting.isTooDeep)
        }
        return relation
    }

    /// Whether the relation has children that are joined in SQL (not
    /// prefetched in a separate query).
    var hasJoins: Bool {
        children.contains { $0.child.kind != .all }
    }
}

/// An associated relation, joined or prefetched.
struct SQLRelationChild: Sendable {
    /// How the child is fetched.
    enum Kind: Sendable, Equatable {
        /// INNER JOIN
        case required
        /// LEFT JOIN
        case optional
        /// A separate query for all associated rows (to-many).
        case all
    }

    var kind: Kind
    /// Whether the child columns are selected (`including`) or not
    /// (`joining`).
    var isSelected: Bool
    /// The join condition: pairs of (parent column, child column), resolved
    /// from foreign keys at generation time.
    var condition: SQLAssociationCondition
    /// The joined or prefetched relation, in a box: a chain of 200,000
    /// associations is freed without recursing as deep (see
    /// ``DeepTreeRelease``).
    var relation: SQLRelation {
        get { relationBox.relation }
        _modify {
            if !isKnownUniquelyReferenced(&relationBox) {
                relationBox = RelationBox(relationBox.relation)
            }
            yield &relationBox.relation
        }
        set {
            if isKnownUniquelyReferenced(&relationBox) {
                relationBox.relation = newValue
            } else {
                relationBox = RelationBox(newValue)
            }
        }
    }
    private var relationBox: RelationBox
    /// Whether the association is a to-one one (for decoding).
    var isToOne: Bool
    /// For `.all` children: the steps from the parent to the prefetched
    /// relation (one step, or several through pivots).
    var prefetchSteps: [SQLAssociationStep] = []

    init(
        kind: Kind,
        isSelected: Bool,
        condition: SQLAssociationCondition,
        relation: SQLRelation,
        isToOne: Bool,
        prefetchSteps: [SQLAssociationStep] = [])
    {
        self.kind = kind
        self.isSelected = isSelected
        self.condition = condition
        self.relationBox = RelationBox(relation)
        self.isToOne = isToOne
        self.prefetchSteps = prefetchSteps
    }

    /// The box of ``relation``.
    ///
    /// `@unchecked Sendable`: `relation` is written only through a
    /// uniquely referenced box (copy on write), or by `deinit`.
    private final class RelationBox: @unchecked Sendable {
        /// A relation without children, which a box being freed keeps.
        static let empty = SQLRelation(table: "", selection: [])

        /// Unchecked exclusivity: written only through a uniquely
        /// referenced box, or by `deinit`.
        @exclusivity(unchecked) var relation: SQLRelation

        init(_ relation: SQLRelation) {
            self.relation = relation
        }

        deinit {
            if relation.children.isEmpty && relation.commonTableExpressions.isEmpty { return }
            DeepTreeRelease.release(&relation, replacingWith: RelationBox.empty)
        }
    }

    /// Merges two uses of the same association key.
    ///
    /// Associations to two different tables can not share a key (the
    /// pivot of a through association has the key of the pivot
    /// association, which may clash): the merged child then fails SQL
    /// generation with an error that names the key.
    func merged(with other: SQLRelationChild, key: String) -> SQLRelationChild {
        var merged = other
        // including wins over joining, required wins over optional.
        merged.isSelected = isSelected || other.isSelected
        if kind == .required || other.kind == .required {
            merged.kind = (kind == .all || other.kind == .all) ? .all : .required
        }
        var relation = other.relation
        // The alias of a use keeps referring to the merged table; a
        // user's named alias names it.
        if self.relation.alias.userName != nil && other.relation.alias.userName == nil {
            relation = relation.realiased(self.relation.alias)
            relation.mergedAliases.append(other.relation.alias)
        } else if self.relation.alias.identity != other.relation.alias.identity {
            relation.mergedAliases.append(self.relation.alias)
        }
        relation.mergedAliases += self.relation.mergedAliases
        // A later `joining` selects nothing and orders nothing: the
        // selection of an earlier `including`, and an earlier ordering,
        // remain (the last ordering and selection win).
        if isSelected && !other.isSelected {
            relation.selection = self.relation.selection
        }
        if other.relation.ordering.isEmpty && !self.relation.ordering.isEmpty {
            relation.ordering = self.relation.ordering
            relation.isOrderingReversed = self.relation.isOrderingReversed
        }
        relation.filters = self.relation.filters + other.relation.filters
        // The connected filters of both uses apply as well; the other
        // connected derivations are those of the last use, as the plain
        // ones. Filters commute with every other derivation.
        relation.connectedDerivations = self.relation.connectedDerivations.filter(\.isFilter)
            + other.relation.connectedDerivations
        relation.children = self.relation.children
        for (key, child) in other.relation.children {
            relation = relation.adding(child, forKey: key)
        }
        for cte in self.relation.commonTableExpressions.reversed()
        where !relation.commonTableExpressions.contains(where: { $0.name.isSameDatabaseName(as: cte.name) }) {
            relation.commonTableExpressions.insert(cte, at: 0)
        }
        merged.relation = relation
        let tables = (self.relation.tableName, other.relation.tableName)
        if tables.0.lowercased() != tables.1.lowercased() {
            merged.relation.filters.append(SQLExpression(.deferred { _ in
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "the association key \"\(key)\" is ambiguous: it is used for the tables "
                        + "\(tables.0) and \(tables.1); give the associations distinct keys with forKey(_:)")
            }))
        }
        return merged
    }
}

/// The join condition of an association: how rows of the parent table
/// match rows of the child table.
struct SQLAssociationCondition: Sendable {
    /// Returns the (parent column, child column) pairs.
    let columnMapping: @Sendable (Database) throws -> [(parent: String, child: String)]

    /// The join expression of the parent and child aliases, for the
    /// associations built with `association(to:on:)`, which have no
    /// column mapping. An expression that returns nil joins without any
    /// condition (`association(to:)`).
    let expression: (@Sendable (_ parent: TableAliasBase, _ child: TableAliasBase) -> SQLExpression?)?

    init(columnMapping: @escaping @Sendable (Database) throws -> [(parent: String, child: String)]) {
        self.columnMapping = columnMapping
        self.expression = nil
    }

    /// A condition made of an expression: its column mapping throws, so
    /// that the features that need one (`request(for:)`, prefetching,
    /// aggregates) fail with a descriptive error.
    init(expression: @escaping @Sendable (_ parent: TableAliasBase, _ child: TableAliasBase) -> SQLExpression?) {
        self.columnMapping = { _ in
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "an association built with association(to:on:) has no foreign key: "
                    + "it can only be joined, not used by request(for:), including(all:), or association aggregates")
        }
        self.expression = expression
    }

    /// The condition seen from the other side.
    var reversed: SQLAssociationCondition {
        if let expression {
            return SQLAssociationCondition { parent, child in expression(child, parent) }
        }
        let mapping = columnMapping
        return SQLAssociationCondition { db in try mapping(db).map { (parent: $0.child, child: $0.parent) } }
    }
}

/// One step of an association: a relation joined to the previous one (or
/// to the origin of the association) with a condition.
struct SQLAssociationStep: Sendable {
    /// The association key.
    var key: SQLAssociationKey
    /// How the rows of the relation match the rows of the previous step.
    var condition: SQLAssociationCondition
    /// The relation of the step.
    var relation: SQLRelation
    /// Whether each row of the previous step has at most one row here.
    var isToOne: Bool
}

/// The key of an association, which names its scope in rows and the
/// properties of Decodable records.
enum SQLAssociationKey: Sendable {
    /// Derived from the table name: singular for to-one associations,
    /// plural for to-many associations.
    case inflected(String)
    /// Given by the user, used as is.
    case fixed(String)

    func name(isToOne: Bool) -> String {
        switch self {
        case .inflected(let tableName):
            return isToOne ? Inflections.default.singularize(tableName) : Inflections.default.pluralize(tableName)
        case .fixed(let name):
            return name
        }
    }

    /// The key in joins (`including(required:)`, `joining(optional:)`...),
    /// where each row has at most one associated row: the singular form
    /// of the key, except for a key given to a to-one association, which
    /// is used as is.
    ///
    /// - Parameter isToOne: Whether the key belongs to a to-one
    ///   association.
    func joinName(isToOne: Bool) -> String {
        switch self {
        case .inflected(let tableName):
            return Inflections.default.singularize(tableName)
        case .fixed(let name):
            return isToOne ? name : Inflections.default.singularize(name)
        }
    }

    /// The singular form of the key, for aggregate names (`bookCount`).
    var singularName: String {
        switch self {
        case .inflected(let tableName): return Inflections.default.singularize(tableName)
        case .fixed(let name): return Inflections.default.singularize(name)
        }
    }
}
