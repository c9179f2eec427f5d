import Foundation
import XCTest
@testable import FolioDqlite

/// A real three-node dqlite cluster for one test: three `dqlite-demo`
/// processes (from the go-dqlite package) on free loopback ports, each in
/// a temporary folder, started by the test process and killed by `stop()`
/// (tearDown), so that nothing is left running.
///
/// `@unchecked Sendable`: the processes' termination handlers use it from
/// other threads; what they touch (`processes` and the supervision state)
/// is guarded by `lock`, and `nodes` does not change after `init`.
final class DqliteTestCluster: @unchecked Sendable {
    /// The line that installs the nodes, given in the failure when
    /// `dqlite-demo` is missing.
    static let installLine = "apt-get install -y go-dqlite"

    struct Node {
        var address: String
        var apiAddress: String
        var directory: URL
    }

    private(set) var nodes: [Node] = []
    let folder: URL

    /// The running process of each node, and the supervision state: the
    /// processes' termination handlers run on other threads.
    private let lock = NSLock()
    private var processes: [Int: Process] = [:]
    private var killedByTest: Set<Int> = []
    private var isStopping = false
    private var executable: URL?
    private var _crashes: [String] = []

    /// The nodes that ended without being killed by the test, with the end
    /// of their log: the supervisor restarted them, as a service manager
    /// restarts a crashed node of a real cluster (Debian's dqlite-demo
    /// 1.11 can abort on an assertion of libdqlite's transport after a
    /// leader is lost).
    var crashes: [String] {
        lock.lock(); defer { lock.unlock() }
        return _crashes
    }

    /// The process of node `index`, when it runs.
    func process(_ index: Int) -> Process? {
        lock.lock(); defer { lock.unlock() }
        guard let process = processes[index], process.isRunning else { return nil }
        return process
    }

    /// The addresses of the nodes' database endpoints.
    var addresses: [String] { nodes.map(\.address) }

    /// Finds `dqlite-demo` on the PATH (or in /usr/bin).
    static func demoExecutable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent("dqlite-demo")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw NSError(domain: "DqliteTestCluster", code: 1, userInfo: [
            NSLocalizedDescriptionKey: "dqlite-demo is not installed: run `\(installLine)` (or Scripts/test.sh, which does)",
        ])
    }

    /// Starts `count` nodes: the first bootstraps, the others join it. Waits
    /// until the leader lists all of them as voters.
    init(count: Int = 3, file: StaticString = #filePath, line: UInt = #line) throws {
        let executable: URL
        do {
            executable = try Self.demoExecutable()
        } catch {
            XCTFail("\(error.localizedDescription)", file: file, line: line)
            throw error
        }
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-dqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let directory = folder.appendingPathComponent("dq\(index + 1)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            nodes.append(Node(
                address: "127.0.0.1:\(try Self.freePort())",
                apiAddress: "127.0.0.1:\(try Self.freePort())",
                directory: directory))
        }
        do {
            for index in nodes.indices {
                try start(index, executable: executable)
                if index == 0 { try waitForLeader(voters: 1) }
            }
            try waitForLeader(voters: count)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Starts (or restarts) node `index`.
    func start(_ index: Int, executable: URL? = nil) throws {
        let process = Process()
        process.executableURL = try executable ?? Self.demoExecutable()
        lock.lock()
        self.executable = process.executableURL
        lock.unlock()
        var arguments = ["-a", nodes[index].apiAddress, "-d", nodes[index].address, "-D", nodes[index].directory.path]
        if index > 0 { arguments += ["-j", nodes[0].address] }
        process.arguments = arguments
        let log = nodes[index].directory.appendingPathComponent("node.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.terminationHandler = { [weak self] process in
            self?.nodeDidEnd(index, process: process)
        }
        lock.lock()
        defer { lock.unlock() }
        // A restart that comes after stop() started does not run.
        guard !isStopping else { return }
        killedByTest.remove(index)
        processes[index] = process
        try process.run()
    }

    /// Restarts a node that ended on its own (not killed by the test, not
    /// stopped), and records it in ``crashes``.
    private func nodeDidEnd(_ index: Int, process: Process) {
        lock.lock()
        let isCrash = !isStopping && !killedByTest.contains(index) && processes[index] === process
        let executable = self.executable
        if isCrash {
            let log = (try? String(contentsOf: nodes[index].directory.appendingPathComponent("node.log"), encoding: .utf8)) ?? ""
            _crashes.append("node \(index + 1) ended (status \(process.terminationStatus)): \(log.suffix(300))")
            processes[index] = nil
        }
        lock.unlock()
        guard isCrash else { return }
        Thread.sleep(forTimeInterval: 0.2)
        lock.lock()
        let stopping = isStopping
        lock.unlock()
        if !stopping { try? start(index, executable: executable) }
    }

    /// Kills node `index` with SIGKILL, and waits for its end.
    func kill(_ index: Int) {
        lock.lock()
        killedByTest.insert(index)
        let process = processes[index]
        processes[index] = nil
        lock.unlock()
        guard let process, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The index of the node that leads now.
    func leaderIndex(timeout: Double = 20) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for (index, node) in nodes.enumerated() where process(index) != nil {
                if let connection = try? DqliteConnection(address: node.address, timeouts: Self.probeConfiguration),
                   let leader = try? connection.leader(),
                   let index = nodes.firstIndex(where: { $0.address == leader.address }),
                   process(index) != nil
                {
                    return index
                }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw DqliteError.noLeader("no leader among \(addresses) within \(timeout) s")
    }

    /// Kills every node, and removes the folders.
    func stop() {
        for index in nodes.indices {
            lock.lock()
            isStopping = true
            let process = processes[index]
            processes[index] = nil
            lock.unlock()
            if let process, process.isRunning {
                process.terminate()
                let deadline = Date().addingTimeInterval(5)
                while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    static var probeConfiguration: DqliteConfiguration {
        var configuration = DqliteConfiguration()
        configuration.connectTimeout = 0.5
        configuration.requestTimeout = 2
        return configuration
    }

    private func waitForLeader(voters: Int, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            for (index, node) in nodes.enumerated() where process(index) != nil {
                do {
                    let connection = try DqliteConnection(address: node.address, timeouts: Self.probeConfiguration)
                    defer { connection.close() }
                    guard let leader = try connection.leader() else { continue }
                    let leaderConnection = try DqliteConnection(address: leader.address, timeouts: Self.probeConfiguration)
                    defer { leaderConnection.close() }
                    let servers = try leaderConnection.cluster()
                    if servers.filter({ $0.role == .voter }).count >= voters { return }
                    last = "\(servers)"
                } catch {
                    last = "\(error)"
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw DqliteError.noLeader("the test cluster did not get \(voters) voters within \(timeout) s: \(last)")
    }

    /// A TCP port that no one listens on now (the kernel's pick).
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw DqliteError.connectionFailed("no free port") }
        return UInt16(bigEndian: address.sin_port)
    }
}
