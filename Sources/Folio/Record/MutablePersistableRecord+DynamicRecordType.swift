extension MutablePersistableRecord {
    /// The dynamic type of the record: the type whose static requirements
    /// (`databaseTableName`, `persistenceConflictPolicy`...) apply, and
    /// that keys the statement caches.
    ///
    /// It is `Self` for a value type. Only a class may have a dynamic type
    /// other than `Self` (a subclass of ``Record`` is not `Record`): there
    /// only, it is `type(of: self)`, which in unspecialized generic code
    /// copies the record and asks the runtime, on each insertion.
    @inline(__always)
    var _dynamicRecordType: Self.Type {
        Self.self is AnyClass ? type(of: self) : Self.self
    }
}
