// The callbacks of a bulk write that follow its statements (see
// BulkInsertion.swift).

extension MutablePersistableRecord {
    /// The callbacks of a bulk write that follow the statement:
    /// `aroundSave` and `aroundInsert`, whose function returns the result
    /// of the record, then `didInsert` and `didSave` if the record was
    /// inserted.
    mutating func _didWrite(_ db: Database, success: consuming InsertionSuccess, isInserted: Bool) throws {
        var pending: InsertionSuccess? = success
        var saveCount = 0
        var saved: InsertionSuccess?
        let record = self
        try record.aroundSave(db) {
            saveCount += 1
            guard saveCount == 1 else { throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()") }
            var inserted: InsertionSuccess?
            try record.aroundInsert(db) {
                guard let success = pending.take() else {
                    throw Self.aroundCallbackMisuse("aroundInsert(_:insert:)", "insert()")
                }
                inserted = success
                return success
            }
            guard let success = inserted.take() else {
                throw Self.aroundCallbackMisuse("aroundInsert(_:insert:)", "insert()")
            }
            if isInserted {
                self.didInsert(success)
                self._notifyRecordClass(.inserted)
            }
            saved = success
            return PersistenceSuccess(success)
        }
        guard saveCount == 1, let success = saved.take() else {
            throw Self.aroundCallbackMisuse("aroundSave(_:save:)", "save()")
        }
        if isInserted {
            didSave(PersistenceSuccess(persistenceContainer: success.persistenceContainer))
        }
    }
}
