/// The row adapter of a request of the query interface: it replays the
/// ``RowLayout`` of its joined associations, computed beforehand for its
/// statement (see ``PreparedRequest/adapter``), instead of computing one
/// from adapters as the other ``BuiltInRowAdapter``s do.
struct PrecomputedLayoutAdapter: BuiltInRowAdapter {
    /// The layout, with absolute column indexes.
    let layout: RowLayout

    /// The number of columns of the statement the layout was made for.
    let columnCount: Int

    /// Applies the layout to some columns: its column indexes are taken as
    /// positions among them.
    func layout(_ columns: RowAdapterColumns) throws -> RowLayout {
        try translate(layout, into: columns)
    }

    private func translate(_ layout: RowLayout, into columns: RowAdapterColumns) throws -> RowLayout {
        let positions = layout.columnIndexes
        if let position = positions.first(where: { $0 >= columns.count }) {
            throw columns.error(
                "the adapter of the request reads column \(position) of a row of \(columns.count) columns")
        }
        var result = columns.layout(positions: positions, names: layout.mappedColumns?.names)
        result.scopes = try layout.scopes.map { scope in
            RowScope(key: scope.key, layout: try translate(scope.layout, into: columns))
        }
        result.hasPrefetches = layout.hasPrefetches
        return result
    }
}
