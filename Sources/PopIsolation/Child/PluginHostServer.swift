import PopBridge
import PopChef
import PopModel

/// The inside of a plugin host: serves the parent's calls on the components of one plugin,
/// through the bridge as the parent's own process would (`PluginComponents`: libffi actions,
/// completions, the content builder and value writers run here, unchanged). One call at a time, on
/// the main thread — the plugin's main thread.
final class PluginHostServer {
    private let source: PluginComponents
    private let outbox: ChildOutbox
    private var instances: [UInt64: ServedInstance] = [:]
    private var lastInstance: UInt64 = 0
    /// The display traits of the call being served (its request's): what every instance's context
    /// gives, so "pop.traits/1" answers here as in the parent's process.
    private var traits = DisplayTraits()

    init(source: PluginComponents, outbox: ChildOutbox) {
        self.source = source
        self.outbox = outbox
    }

    /// Serves one request frame; false when the frame is not a request (the parent broke the
    /// protocol) or the answer cannot be written (the parent has gone): the plugin host ends.
    func serve(_ frame: [UInt8]) -> Bool {
        guard let request = HostRequest.read(frame) else { return false }
        // A nested call (the parent answering a question) has its own traits; the outer call's return after it.
        let outer = traits
        traits = request.traits ?? DisplayTraits()
        defer { traits = outer }
        outbox.beginCall()
        let reply = answer(request.call)
        reportTimers()
        return outbox.answer(request.serial, reply)
    }

    /// Tells the parent of each instance whose earliest timer changed during the call (timers are
    /// scheduled and cancelled on this thread only, so during calls only).
    private func reportTimers() {
        // Most calls change no timer: then nothing is sorted (which would make an array each call).
        guard instances.values.contains(where: { $0.clock.nextDue != $0.reportedDue }) else { return }
        for (number, instance) in instances.sorted(by: { $0.key < $1.key }) {
            let due = instance.clock.nextDue
            guard due != instance.reportedDue else { continue }
            instance.reportedDue = due
            outbox.post(.timerDue(instance: number, at: due))
        }
    }

    private func answer(_ call: HostCall) -> ChildReply {
        switch call {
        case .create(let kind, let id, let now):
            return create(kind, id, now: now)
        case .offeredExtensions(let id):
            do { return .extensions(try source.offeredExtensions(of: id)) } catch { return .failure(WireFailure(error)) }
        case .resolveDetent(let number, let detent, let maximum):
            return controllerLoader(number, nil) { controllerLoader, _ in
                .height((controllerLoader as? SheetDelegate)?.resolveDetent(detent, maximum: maximum).map(ExactNumber.init))
            }
        case .sheetEvent(let number, let event):
            return controllerLoader(number, nil) { controllerLoader, _ in
                if let delegate = controllerLoader as? SheetDelegate { event.deliver(to: delegate) }
                return .done
            }
        case .pageEvent(let number, let event, let animated):
            return handler(number) { ($0 as? PluginHandler)?.pageEvent(event, animated: animated) }
        case .advanceClock(let number, let time):
            guard let instance = instances[number] else { return unknown(number) }
            instance.clock.advance(to: time)
            return .done
        case .deliverCallbacks:
            return .answer(source.deliverMainThreadCallbacks())
        case .adjust(let number, let reference, var options):
            return handler(number, reference) { handler, data in
                handler.adjust(&options, data: data)
                return .options(options)
            }
        case .shouldPresent(let number, let reference, let completion):
            return handler(number, reference) { handler, data in
                handler.shouldPresent(data: data, answer: answerCompletion(completion))
                return .done
            }
        case .willPresent(let number):
            return handler(number) { $0.willPresent() }
        case .didPresent(let number):
            return handler(number) { $0.didPresent() }
        case .shouldDismiss(let number, let reason):
            return handler(number, nil) { handler, _ in .answer(handler.shouldDismiss(reason)) }
        case .willDismiss(let number, let reason):
            return handler(number) { $0.willDismiss(reason) }
        case .didDismiss(let number, let reason):
            return handler(number) { $0.didDismiss(reason) }
        case .finished(let number, let event):
            return handler(number) { $0.finished(event) }
        case .perform(let number, let tap):
            return handler(number, tap.data) { handler, data in
                .outcome(dismisses: handler.perform(tap.action, context: tap.context(data: data)) == .dismiss)
            }
        case .build(let number, let reference):
            guard let instance = instances[number], case .viewLoader(let viewLoader) = instance.component else { return unknown(number) }
            guard let data = instance.data(reference) else { return unknownData(number) }
            do {
                return .content(try viewLoader.build(data: data))
            } catch {
                return .failure(WireFailure(error))
            }
        case .rowLayout(let number, let reference):
            guard let instance = instances[number], case .viewLoader(let viewLoader) = instance.component else { return unknown(number) }
            guard let data = instance.data(reference) else { return unknownData(number) }
            do {
                return .rowLayout(try viewLoader.rowLayout(for: data))
            } catch {
                return .failure(WireFailure(error))
            }
        case .buildRow(let number, let reference, let row):
            guard let instance = instances[number], case .viewLoader(let viewLoader) = instance.component else { return unknown(number) }
            guard let data = instance.data(reference) else { return unknownData(number) }
            do {
                return .content(try viewLoader.buildRow(row, data: data))
            } catch {
                return .failure(WireFailure(error))
            }
        case .configure(let number, let reference):
            return controllerLoader(number, reference) { controllerLoader, data in
                do throws(ComponentFailure) {
                    return .presentation(try controllerLoader.configure(data: data))
                } catch {
                    return .failure(WireFailure(error))
                }
            }
        case .animate(let number, let request, let completion):
            return controllerLoader(number, nil) { controllerLoader, _ in
                let context = request.context
                let accepted = controllerLoader.animate(showing: request.showing, context: context, done: doneCompletion(completion))
                return .animation(AnimationResult(accepted: accepted, keyframes: context.keyframes, problem: context.problem))
            }
        case .layout(let number, let container, let keyboardHeight, let defaultFrame):
            return controllerLoader(number, nil) { controllerLoader, _ in
                .frame(
                    controllerLoader.layout(container: container, keyboardHeight: keyboardHeight, defaultFrame: defaultFrame).map(
                        ExactRect.init))
            }
        case .traitsChanged(let number, let traits):
            guard let instance = instances[number] else { return unknown(number) }
            switch instance.component {
            case .viewLoader(let viewLoader): viewLoader.traitsDidChange(traits)
            case .controllerLoader(let controllerLoader): controllerLoader.traitsDidChange(traits)
            case .handler, .reformer: return unknown(number)
            }
            return .done
        case .reform(let number, let reference):
            guard let instance = instances[number], case .reformer(let reformer) = instance.component else { return unknown(number) }
            guard let data = instance.data(reference) else { return unknownData(number) }
            do {
                let (view, controller) = try reformer.reform(data: data)
                return .reformed(view: view.map(ReformedData.init), controller: controller.map(ReformedData.init))
            } catch {
                return .failure(WireFailure(error))
            }
        case .destroy(let number):
            guard let instance = instances.removeValue(forKey: number) else { return unknown(number) }
            instance.destroy()
            return .done
        }
    }

    /// Makes an instance and tells what the parent needs to know of it. Its context has a clock of
    /// its own, which the parent moves (`advanceClock`) when the instance's timers are due.
    private func create(_ kind: ComponentKind, _ id: String, now: VirtualTime) -> ChildReply {
        let component: ServedInstance.Component
        let traits: ComponentTraits
        let number = lastInstance + 1
        let clock = VirtualClock()
        clock.advance(to: now)
        let outbox = self.outbox
        var context = ComponentContext(clock: clock) { message in outbox.post(.misbehaved(instance: number, message: message)) }
        // The plugin waits for the answer, as it would in one process: the parent is asked now.
        context.controlSheet = { [unowned self] control in
            outbox.ask(.controlSheet(instance: number, control: control), serveNested: self.serve)
        }
        context.displayTraits = { [unowned self] in self.traits }
        do {
            switch kind {
            case .handler:
                let handler = try source.makeHandler(id, context: context)
                component = .handler(handler)
                traits = .handler(
                    actions: handler.actions.values.sorted { $0.name < $1.name }, decidesPresentation: handler.decidesPresentation,
                    pageEvents: (handler as? PluginHandler)?.hearsPageEvents ?? false)
            case .viewLoader:
                let viewLoader = try source.makeViewLoader(id, context: context)
                component = .viewLoader(viewLoader)
                traits = .viewLoader(observesTraits: viewLoader.observesTraits, listsRowsInSheets: viewLoader.listsRowsInSheets)
            case .controllerLoader:
                let controllerLoader = try source.makeControllerLoader(id, context: context)
                component = .controllerLoader(controllerLoader)
                traits = .controllerLoader(
                    showAnimation: controllerLoader.hasShowAnimation, hideAnimation: controllerLoader.hasHideAnimation,
                    layout: (controllerLoader as? PluginControllerLoader)?.hasLayout ?? false,
                    sheet: (controllerLoader as? PluginControllerLoader)?.hasSheetHooks ?? false,
                    observesTraits: controllerLoader.observesTraits)
            case .reformer:
                component = .reformer(try source.makeReformer(id, context: context))
                traits = .reformer
            }
        } catch {
            return .failure(WireFailure(error))
        }
        lastInstance = number
        instances[number] = ServedInstance(component, clock: clock)
        return .created(instance: number, traits: traits)
    }

    /// Runs `body` on handler `number` with the data `reference` names (nil: none needed).
    private func handler(
        _ number: UInt64, _ reference: DataReference?,
        _ body: (any HandlerComponent, RequestData) -> ChildReply
    ) -> ChildReply {
        guard let instance = instances[number], case .handler(let handler) = instance.component else { return unknown(number) }
        guard let reference else { return body(handler, RequestData(.null)) }
        guard let data = instance.data(reference) else { return unknownData(number) }
        return body(handler, data)
    }

    /// Runs a call that returns nothing on handler `number`.
    private func handler(_ number: UInt64, _ body: (any HandlerComponent) -> Void) -> ChildReply {
        handler(number, nil) { handler, _ in
            body(handler)
            return .done
        }
    }

    /// Runs `body` on controller loader `number` with the data `reference` names (nil: none needed).
    private func controllerLoader(
        _ number: UInt64, _ reference: DataReference?,
        _ body: (any ControllerLoaderComponent, RequestData) -> ChildReply
    ) -> ChildReply {
        guard let instance = instances[number], case .controllerLoader(let controllerLoader) = instance.component else {
            return unknown(number)
        }
        guard let reference else { return body(controllerLoader, RequestData(.null)) }
        guard let data = instance.data(reference) else { return unknownData(number) }
        return body(controllerLoader, data)
    }

    /// should_present's answer for the parent's completion `id`: every call is passed on.
    private func answerCompletion(_ id: UInt64) -> Completion<Bool> {
        let outbox = self.outbox
        return Completion(
            deliver: { outbox.post(.completed(completion: id, value: $0)) },
            repeated: { _ in outbox.post(.completed(completion: id, value: true)) })
    }

    /// A custom animation's completion for the parent's completion `id`: every call is passed on.
    private func doneCompletion(_ id: UInt64) -> Completion<Void> {
        let outbox = self.outbox
        return Completion(
            deliver: { _ in outbox.post(.completed(completion: id, value: true)) },
            repeated: { _ in outbox.post(.completed(completion: id, value: true)) })
    }

    private func unknown(_ number: UInt64) -> ChildReply {
        .failure(WireFailure(ComponentFailure(.contractBroken, "the plugin host has no instance \(number) of that kind")))
    }

    private func unknownData(_ number: UInt64) -> ChildReply {
        .failure(WireFailure(ComponentFailure(.contractBroken, "instance \(number) was never sent that data")))
    }
}
