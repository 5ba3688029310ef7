import Foundation
import PluginABI
import PopChefTestSupport
import PopRuntimeTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel

/// The host extension "pop.timer/1" (ext/timer.h): timers on the virtual clock of the chef that made
/// the component, called through the C table as a plugin calls it.
@Suite struct PluginTimerTests {
    static let c = "com.pophost.samples.c"

    /// What a timer's `fire` appends to, through its context.
    final class Calls {
        var fired: [(component: UInt, at: VirtualTime)] = []
        let clock: VirtualClock
        init(clock: VirtualClock) { self.clock = clock }
        var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    }

    static let fire: pop_timer_fn = { component, context in
        let calls = Unmanaged<Calls>.fromOpaque(context!).takeUnretainedValue()
        calls.fired.append((UInt(bitPattern: component), calls.clock.now))
    }

    /// Chefs sharing one source of this test's copies of the samples, the timer table, and a live
    /// host table to call it with.
    struct Fixture {
        let samples: IsolatedSamples
        let source: PluginComponents
        let host = HostTable(pluginPath: "timer-test")
        let timer: pop_host_timer_t

        init() throws {
            samples = try IsolatedSamples()
            source = samples.source()
            let raw = try #require(HostExtensions.table(for: POP_HOST_EXT_TIMER))
            timer = raw.assumingMemoryBound(to: pop_host_timer_t.self).pointee
        }

        func chef() -> TracedChef {
            let catalog = ComponentCatalog()
            catalog.add(source)
            return TracedChef(catalog: catalog)
        }

        /// A request whose handler is a C instance that schedules nothing itself (the high-priority handler).
        func handler(on t: TracedChef) throws -> (RequestID, UnsafePointer<pop_component_t>) {
            let id = t.chef.show(PopupRequest(handler: "\(PluginTimerTests.c).high-priority-handler", policy: .enqueue))
            let handler = try #require(t.chef.popups[id]?.handler as? PluginHandler)
            return (id, UnsafeRawPointer(handler.pointer).assumingMemoryBound(to: pop_component_t.self))
        }

        func schedule(_ component: UnsafePointer<pop_component_t>?, _ delay: Double, _ calls: Calls?) -> pop_timer_id_t {
            timer.schedule(UnsafePointer(host.table), component, delay, calls == nil ? nil : PluginTimerTests.fire, calls?.context)
        }
    }

    @Test("the table: pop.timer/1 at the host's version and size, offered once the bridge is in use")
    func table() throws {
        let f = try Fixture()
        #expect(f.timer.abi_version.major == 1 && f.timer.struct_size == UInt32(MemoryLayout<pop_host_timer_t>.size))
        #expect(HostExtensions.offeredIDs.contains(POP_HOST_EXT_TIMER))
        #expect(f.host.table.pointee.get_extension?(UnsafePointer(f.host.table), POP_HOST_EXT_TIMER) != nil)
    }

    @Test("a timer fires on the clock of the chef whose request its component serves: two chefs sharing a plugin keep their own time")
    func perChefClock() throws {
        let f = try Fixture()
        let a = f.chef(), b = f.chef()
        let (_, componentA) = try f.handler(on: a)
        b.advance(5000)  // b's clock is ahead of a's
        let (_, componentB) = try f.handler(on: b)
        let callsA = Calls(clock: a.chef.clock), callsB = Calls(clock: b.chef.clock)
        #expect(f.schedule(componentA, 0.1, callsA) != 0)
        #expect(f.schedule(componentB, 0.1, callsB) != 0)
        #expect(a.chef.nextDue() == .milliseconds(100) && b.chef.nextDue() == .milliseconds(5100))
        b.advance(100)
        #expect(callsB.fired.map(\.at) == [.milliseconds(5100)] && callsA.fired.isEmpty)
        a.advance(99)
        #expect(callsA.fired.isEmpty)
        a.advance(1)
        #expect(callsA.fired.map(\.component) == [UInt(bitPattern: componentA)] && callsA.fired.map(\.at) == [.milliseconds(100)])
    }

    @Test("a zero delay fires at the same virtual time once the call has returned; equal times fire in the order scheduled")
    func ordering() throws {
        let f = try Fixture()
        let t = f.chef()
        let (_, component) = try f.handler(on: t)
        let calls = Calls(clock: t.chef.clock)
        let first = f.schedule(component, 0.25, calls)
        let now = f.schedule(component, 0, calls)
        let second = f.schedule(component, 0.25, calls)
        #expect(first != 0 && now != 0 && second != 0 && Set([first, now, second]).count == 3)
        #expect(calls.fired.isEmpty)  // never inside the call
        t.advance(0)
        #expect(calls.fired.map(\.at) == [.zero])
        t.advance(250)
        #expect(calls.fired.map(\.at) == [.zero, .milliseconds(250), .milliseconds(250)])
    }

    @Test("cancel: true once for a pending timer, false after it fired or was cancelled; a destroyed component's timers never fire")
    func cancelAndDestroy() throws {
        let f = try Fixture()
        let t = f.chef()
        let (id, component) = try f.handler(on: t)
        let calls = Calls(clock: t.chef.clock)
        let cancelled = f.schedule(component, 0.1, calls)
        let fired = f.schedule(component, 0.1, calls)
        let orphaned = f.schedule(component, 1, calls)
        #expect(f.timer.cancel(UnsafePointer(f.host.table), cancelled))
        #expect(!f.timer.cancel(UnsafePointer(f.host.table), cancelled))
        t.advance(100)
        #expect(calls.fired.count == 1 && !f.timer.cancel(UnsafePointer(f.host.table), fired))
        t.chef.dismiss(id)
        t.advance(250)  // the request ends: its handler instance is destroyed, its timers with it
        #expect(t.chef.finalEvent(of: id) != nil && f.source.liveInstances == 0)
        #expect(!f.timer.cancel(UnsafePointer(f.host.table), orphaned))
        t.chef.runUntilIdle()
        #expect(calls.fired.count == 1 && t.chef.nextDue() == nil)
        #expect(f.schedule(component, 0.1, calls) == 0)  // no longer a live instance
        #expect(!f.timer.cancel(UnsafePointer(f.host.table), 0) && !f.timer.cancel(nil, fired))
    }

    @Test("misuse is refused with 0 and reported against the request: no function, a bad delay, another thread")
    func misuse() throws {
        let f = try Fixture()
        let t = f.chef()
        let (id, component) = try f.handler(on: t)
        let calls = Calls(clock: t.chef.clock)
        #expect(f.schedule(component, 0.1, nil) == 0)
        #expect(f.schedule(component, -1, calls) == 0)
        #expect(f.schedule(component, .nan, calls) == 0)
        #expect(f.schedule(component, .infinity, calls) == 0)
        #expect(f.timer.schedule(nil, component, 0.1, Self.fire, calls.context) == 0)  // no host table
        #expect(f.schedule(nil, 0.1, calls) == 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var fromThread: pop_timer_id_t = 1
        nonisolated(unsafe) let scheduleElsewhere = { f.schedule(component, 0.1, calls) }
        let thread = Thread {
            fromThread = scheduleElsewhere(); done.signal()
        }
        thread.start()
        done.wait()
        #expect(fromThread == 0)
        t.advance(1000)
        #expect(calls.fired.isEmpty)
        let reported = t.recorder.events.filter { $0.kind == .misbehaviour && $0.request == id }.compactMap(\.detail)
        #expect(reported.count == 5, "\(reported)")
        #expect(reported.contains { $0.contains("another thread") } && reported.contains { $0.contains("no function") })
        #expect(reported.filter { $0.contains("the delay") }.count == 3)
    }
}
