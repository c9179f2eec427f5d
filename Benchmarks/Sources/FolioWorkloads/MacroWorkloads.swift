// The workloads of the `@DatabaseRecord` macro (issue 30), Folio only
// (GRDB has no such macro): 23 fetches the table of workload 3, 24 inserts
// the rows of workload 6, 25 fetches Northwind orders. The C loops are
// those of 3 and 6, and CBaseline/COrders.swift.
//
// Not compiled when FOLIO_WITHOUT_MACROS is set (Package.swift), so that
// the instruction guard does not build swift-syntax in release mode.

#if FOLIO_MACROS
import BenchSupport
import Folio
import FolioMacros
import Foundation

@DatabaseRecord(table: "items")
private struct MacroItem {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int

    init(x: Int) {
        (i0, i1, i2, i3, i4) = (x, x + 1, x + 2, x + 3, x + 4)
        (i5, i6, i7, i8, i9) = (x + 5, x + 6, x + 7, x + 8, x + 9)
    }
}

@DatabaseRecord(table: "orders")
private struct MacroOrder {
    @DatabaseColumn("OrderID") var orderID: Int64
    @DatabaseColumn("CustomerID") var customerID: String
    @DatabaseColumn("EmployeeID") var employeeID: Int
    @DatabaseColumn("OrderDate") var orderDate: Date
    @DatabaseColumn("RequiredDate") var requiredDate: Date
    @DatabaseColumn("ShippedDate") var shippedDate: Date?
    @DatabaseColumn("ShipVia") var shipVia: Int
    @DatabaseColumn("Freight") var freight: Double
    @DatabaseColumn("ShipName") var shipName: String
    @DatabaseColumn("ShipAddress") var shipAddress: String
    @DatabaseColumn("ShipCity") var shipCity: String
    @DatabaseColumn("ShipRegion") var shipRegion: String?
    @DatabaseColumn("ShipPostalCode") var shipPostalCode: String?
    @DatabaseColumn("ShipCountry") var shipCountry: String
}

/// The workloads of the macro.
func makeMacroWorkloads() -> [Workload] {
    var itemsQueue: DatabaseQueue?
    func items() throws -> DatabaseQueue {
        if let itemsQueue { return itemsQueue }
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: Fixture.createItems)
            try db.execute(sql: Fixture.fillItems)
        }
        itemsQueue = dbQueue
        return dbQueue
    }
    return [
        Workload(id: 23) {
            let dbQueue = try items()
            return Trial { try dbQueue.read(fetchMacroItems) }
        },
        Workload(id: 24) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { try $0.execute(sql: Fixture.createItems) }
            let items = (0..<Size.insertedRows).map(MacroItem.init(x:))
            return Trial(
                run: { try dbQueue.write { db in try insertMacroItems(items, db) } },
                check: { try dbQueue.read { try Int.fetchOne($0, sql: Fixture.itemsChecksum)! } })
        },
        Workload(id: 25) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { db in
                try db.execute(sql: Fixture.createOrders)
                try db.execute(sql: Fixture.fillOrders)
            }
            return Trial { try dbQueue.read(fetchMacroOrders) }
        },
    ]
}

private func fetchMacroItems(_ db: Database) throws -> Int {
    let items = try MacroItem.fetchAll(db, sql: Fixture.selectItems)
    var sum = 0
    for item in items {
        sum &+= item.i0 &+ item.i1 &+ item.i2 &+ item.i3 &+ item.i4
        sum &+= item.i5 &+ item.i6 &+ item.i7 &+ item.i8 &+ item.i9
    }
    return sum
}

private func insertMacroItems(_ items: [MacroItem], _ db: Database) throws -> Int {
    for item in items {
        try item.insert(db)
    }
    return items.count
}

private func fetchMacroOrders(_ db: Database) throws -> Int {
    let orders = try MacroOrder.fetchAll(db, sql: Fixture.selectOrders)
    var sum = 0
    for order in orders {
        sum &+= Int(order.orderID) &+ order.employeeID &* 3 &+ order.shipVia &* 5 &+ Int(order.freight * 4)
        sum &+= order.customerID.utf8.count &+ order.shipName.utf8.count &+ order.shipAddress.utf8.count
        sum &+= order.shipCity.utf8.count &+ order.shipCountry.utf8.count
        sum &+= (order.shipRegion?.utf8.count ?? 7) &+ (order.shipPostalCode?.utf8.count ?? 11)
        sum &+= Int(order.orderDate.timeIntervalSince1970) &+ Int(order.requiredDate.timeIntervalSince1970)
        sum &+= Int((order.shippedDate?.timeIntervalSince1970 ?? 13) * 2)
    }
    return sum
}
#endif
