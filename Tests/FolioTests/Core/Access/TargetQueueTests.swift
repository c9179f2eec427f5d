@testable import Folio
import Dispatch
import Foundation
import XCTest

/// `Configuration.qos`, `readQoS`, `writeQoS`, `targetQueue` and
/// `writeTargetQueue`: the dispatch queues of the connections.
final class TargetQueueTests: FolioTestCase {
    func testQualityOfServiceDefaults() {
        let config = Configuration()
        XCTAssertEqual(config.qos, .userInitiated)
        XCTAssertEqual(config.readQoS, .userInitiated)
        XCTAssertEqual(config.writeQoS, .userInitiated)
        XCTAssertNil(config.targetQueue)
        XCTAssertNil(config.writeTargetQueue)
    }

    func testEffectiveQualityOfService() {
        var config = Configuration()
        config.qos = .utility
        XCTAssertEqual(config.readQoS, .utility)
        XCTAssertEqual(config.writeQoS, .utility)

        config.targetQueue = DispatchQueue(label: "target", qos: .background, attributes: .concurrent)
        XCTAssertEqual(config.readQoS, .background)
        XCTAssertEqual(config.writeQoS, .background)

        config.writeTargetQueue = DispatchQueue(label: "writes", qos: .default)
        XCTAssertEqual(config.readQoS, .background)
        XCTAssertEqual(config.writeQoS, .default)
    }

    func testQueueConnectionRunsAtTheConfiguredQualityOfService() throws {
        var config = Configuration()
        config.qos = .utility
        let dbQueue = try DatabaseQueue(configuration: config)
        XCTAssertEqual(dbQueue.writer.queue.qos, .utility)
    }

    func testQueueConnectionRunsOnTheTargetQueue() throws {
        let key = DispatchSpecificKey<String>()
        let target = DispatchQueue(label: "target")
        target.setSpecific(key: key, value: "target")
        var config = Configuration()
        config.targetQueue = target
        let dbQueue = try DatabaseQueue(configuration: config)
        dbQueue.inDatabase { _ in
            dispatchPrecondition(condition: .onQueue(target))
            XCTAssertEqual(DispatchQueue.getSpecific(key: key), "target")
        }
        XCTAssertEqual(try dbQueue.read { _ in DispatchQueue.getSpecific(key: key) }, "target")
        XCTAssertNil(DispatchQueue.getSpecific(key: key))
    }

    func testWriteTargetQueueWinsForConnectionsThatWrite() throws {
        let key = DispatchSpecificKey<String>()
        let target = DispatchQueue(label: "target", attributes: .concurrent)
        target.setSpecific(key: key, value: "target")
        let writeTarget = DispatchQueue(label: "writeTarget")
        writeTarget.setSpecific(key: key, value: "writeTarget")
        var config = Configuration()
        config.targetQueue = target
        config.writeTargetQueue = writeTarget

        let dbQueue = try DatabaseQueue(configuration: config)
        XCTAssertEqual(dbQueue.inDatabase { _ in DispatchQueue.getSpecific(key: key) }, "writeTarget")

        // A read-only queue does not write: it uses the target queue.
        let path = temporaryDatabasePath()
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t (a)") }
        var readonlyConfig = config
        readonlyConfig.readonly = true
        let readonlyQueue = try DatabaseQueue(path: path, configuration: readonlyConfig)
        XCTAssertEqual(try readonlyQueue.read { _ in DispatchQueue.getSpecific(key: key) }, "target")
    }

    func testPoolConnectionsRunOnTheirTargetQueues() throws {
        let key = DispatchSpecificKey<String>()
        let target = DispatchQueue(label: "target", attributes: .concurrent)
        target.setSpecific(key: key, value: "target")
        let writeTarget = DispatchQueue(label: "writeTarget")
        writeTarget.setSpecific(key: key, value: "writeTarget")
        var config = Configuration()
        config.targetQueue = target
        config.writeTargetQueue = writeTarget
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try dbPool.write { _ in DispatchQueue.getSpecific(key: key) }, "writeTarget")
        XCTAssertEqual(try dbPool.read { _ in DispatchQueue.getSpecific(key: key) }, "target")
        XCTAssertEqual(try dbPool.unsafeRead { _ in DispatchQueue.getSpecific(key: key) }, "target")

        // Without writeTargetQueue, the writer uses the target queue too.
        config.writeTargetQueue = nil
        let otherPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        XCTAssertEqual(try otherPool.write { _ in DispatchQueue.getSpecific(key: key) }, "target")
    }

    func testPoolReadsRunConcurrentlyOnAConcurrentTargetQueue() throws {
        let target = DispatchQueue(label: "target", attributes: .concurrent)
        var config = Configuration()
        config.targetQueue = target
        config.maximumReaderCount = 2
        let dbPool = try DatabasePool(path: temporaryDatabasePath(), configuration: config)
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let done = expectation(description: "both reads")
        done.expectedFulfillmentCount = 2
        DispatchQueue.global().async {
            _ = try? dbPool.read { _ in
                first.signal()
                XCTAssertEqual(second.wait(timeout: .now() + 5), .success)
            }
            done.fulfill()
        }
        DispatchQueue.global().async {
            _ = try? dbPool.read { _ in
                second.signal()
                XCTAssertEqual(first.wait(timeout: .now() + 5), .success)
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }
}
