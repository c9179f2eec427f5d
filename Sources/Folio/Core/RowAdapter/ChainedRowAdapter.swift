/// A row adapter that adapts the output of another one: the adapter of a
/// request adapted with ``FetchRequest/adapted(_:)`` when its base request
/// has an adapter already.
struct ChainedRowAdapter: BuiltInRowAdapter {
    /// The adapter applied first.
    let first: any RowAdapter

    /// The adapter applied to the columns of the rows of `first`.
    let second: any RowAdapter

    func layout(_ columns: RowAdapterColumns) throws -> RowLayout {
        let firstLayout = try first.rowLayout(columns)
        var layout = try second.rowLayout(columns.adapted(by: firstLayout))
        // Prefetched rows (`including(all:)`) are attached to the rows of
        // the request, whatever their columns.
        layout.hasPrefetches = layout.hasPrefetches || firstLayout.hasPrefetches
        return layout
    }
}
