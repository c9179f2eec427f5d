import BenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the whole process (all threads, user + system), in
/// nanoseconds.
func processCPUTime() -> UInt64 {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = UInt64(usage.ru_utime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_utime.tv_usec) * 1_000
    let system = UInt64(usage.ru_stime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_stime.tv_usec) * 1_000
    return user + system
}

/// Monotonic wall-clock time, in nanoseconds.
func wallTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// One measured run of a trial.
struct Measurement {
    var cpu: UInt64
    var wall: UInt64
    var result: Int
}

/// The trial that `folio_bench_timed_region` runs, and what it returns.
private final class TimedRegionContext {
    let trial: Trial
    var result: Result<Int, any Error> = .success(0)

    init(trial: Trial) {
        self.trial = trial
    }
}

/// Runs the timed part of a trial. A C symbol, so that
/// `valgrind --tool=callgrind --toggle-collect=folio_bench_timed_region`
/// counts the instructions of the workload only, not of its setup.
@_cdecl("folio_bench_timed_region")
@inline(never)
func timedRegion(_ context: UnsafeMutableRawPointer) {
    let context = Unmanaged<TimedRegionContext>.fromOpaque(context).takeUnretainedValue()
    context.result = Result { try context.trial.run() }
}

/// Times `trial.run` (process CPU and wall clock).
func measure(_ trial: Trial) throws -> Measurement {
    let context = TimedRegionContext(trial: trial)
    let pointer = Unmanaged.passUnretained(context).toOpaque()
    let cpuStart = processCPUTime()
    let wallStart = wallTime()
    timedRegion(pointer)
    let wallEnd = wallTime()
    let cpuEnd = processCPUTime()
    withExtendedLifetime(context) { }
    return try Measurement(cpu: cpuEnd - cpuStart, wall: wallEnd - wallStart, result: context.result.get())
}
