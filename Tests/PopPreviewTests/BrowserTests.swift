import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview
@testable import PopScenario

/// The page in a real headless browser (Debian's chromium through chromedriver): the gallery, the
/// player against the demo's golden frame, a click that runs a handler's action, live reload of a
/// rebuilt plugin without a page load, and a crashing plugin shown as an error while the page goes
/// on working; a stale scenario snapshot's pictures and its Accept button. With
/// `POPHOST_RECORD_SCREENSHOTS=1` the gallery, player and snapshot screenshots in docs/ are
/// written anew; the figures of docs/benchmarks.md are printed.
@Suite(.serialized, .enabled(if: WebDriver.available, Comment(rawValue: WebDriver.missing)))
struct BrowserTests {
    static let recording = ProcessInfo.processInfo.environment["POPHOST_RECORD_SCREENSHOTS"] == "1"

    static func record(_ png: Data, as name: String) throws {
        guard recording else { return }
        try png.write(to: URL(fileURLWithPath: Repository.root + "/docs/" + name))
    }

    static func milliseconds(_ duration: Duration) -> Int { Int((duration.seconds * 1000).rounded()) }

    /// The page's player at `time`, through its own scrub control.
    static func scrub(_ browser: WebDriver, to time: Int) async throws {
        try await browser.execute(
            "const s = document.getElementById('scrub'); s.value = String(arguments[0]); s.dispatchEvent(new Event('input'));",
            [.int(Int64(time))])
        try await browser.wait(
            for: "the frame at \(time) ms", "return window.pophost.lastFrame && window.pophost.lastFrame.time === \(time) ? true : null")
    }

    @Test("the gallery lists the samples' components, drawn in each theme, every mismatch flagged")
    func gallery() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver()
        let staticStart = ContinuousClock.now
        try await browser.open(fixture.base + "/assets/preview.css")
        let staticPage = ContinuousClock.now - staticStart
        let start = ContinuousClock.now
        try await browser.open(fixture.base + "/")
        let ids = try await browser.wait(
            for: "the gallery",
            "const ids = [...document.querySelectorAll('.view-loader h3, .handler h3, .component-id')].map(e => e.textContent); return ids.length ? ids : null;"
        )
        let firstPaint = ContinuousClock.now - start
        for sample in PreviewServerTests.samples { #expect(ids.json.contains(sample), "\(ids.json)") }
        try await browser.wait(
            for: "every picture", seconds: 60,
            "const v = document.querySelectorAll('.view-loader .pictures .picture'); const done = [...v].every(p => p.querySelector('img, .error')); return v.length && done ? v.length : null;"
        )
        let broken = try await browser.execute(
            "return [...document.querySelectorAll('.view-loader .picture .error')].map(e => e.textContent)")
        #expect(broken == [], "\(broken.json)")
        let flagged = try await browser.execute("return document.querySelectorAll('.mismatch').length")
        #expect(flagged != 0)
        let payment = "document.querySelector('.view-loader[data-id=\"com.pophost.samples.c.payment-view\"]')"
        let fits = try await browser.execute("return \(payment).querySelector('.fits').textContent")
        #expect(fits == "✓ works with com.pophost.samples.c.payment-handler", "says which handlers it works with first: \(fits.json)")
        #expect(try await browser.execute("return \(payment).querySelector('details.mismatches').open") == false, "the misfits folded")
        let paint = try await browser.execute("return window.pophost.galleryLoaded")
        print(
            "figure: gallery first paint (navigation to the components listed) \(Self.milliseconds(firstPaint)) ms "
                + "(page's clock \(paint.json) ms); baseline: navigation to a static file \(Self.milliseconds(staticPage)) ms")
        try await browser.execute("document.getElementById('view-loaders').previousElementSibling.scrollIntoView()")
        try Self.record(try await browser.screenshot(), as: "preview-gallery.png")
    }

    @Test(
        "playing the demo to 6.5 s shows the payment dialog: the page's SVG is the golden frame; a click on Cancel runs the handler's action"
    )
    func player() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        try await browser.click("#tab-player")
        try await browser.click("#play")
        try await browser.wait(
            for: "the demo to play past 6.5 s", seconds: 40, "return window.pophost.lastFrame && window.pophost.lastFrame.time >= 6500")
        try await browser.click("#play")
        try await Self.scrub(browser, to: 6500)
        let svg = try await browser.execute("return window.pophost.lastFrame.svg")
        let golden = try String(contentsOfFile: Golden.path("demo-6500ms.svg"), encoding: .utf8)
        guard case .string(let shown) = svg else {
            Issue.record("no SVG in the page")
            return
        }
        #expect(Golden.firstDifference(expected: golden, actual: shown) == nil)
        #expect(shown.contains("Payment"))
        try Self.record(try await browser.screenshot(), as: "preview-player.png")
        let scrubbing = try await browser.execute(
            """
            const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
            const time = async (url) => { const s = performance.now(); await (await fetch(url)).text(); return performance.now() - s; };
            const frames = [], files = [];
            for (let i = 1; i <= 100; i++) {
              frames.push(await time('/api/frame.svg?t=' + (6500 + 10 * i)));
              files.push(await time('/assets/preview.css'));
            }
            const back = [];
            for (let i = 0; i < 10; i++) back.push(await time('/api/frame.svg?t=' + (6500 - 500 * i)));
            return [median(frames), median(files), median(back)];
            """)
        print(
            "figure: scrubbing, frames 10 ms apart from 6.5 s (median of 100, fetch to text) \(scrubbing[0]?.json ?? "?") ms; "
                + "baseline: the static style sheet the same way \(scrubbing[1]?.json ?? "?") ms; "
                + "scrubbing back (a replay) \(scrubbing[2]?.json ?? "?") ms")
        try await Self.scrub(browser, to: 6500)

        // Where Cancel is drawn in the page: the frame's node, through the image's scale.
        let point = try await browser.execute(
            """
            const request = new XMLHttpRequest();
            request.open('GET', '/api/frame.json?t=6500', false);
            request.send();
            const frame = JSON.parse(request.responseText);
            const cancel = frame.nodes.find(n => n.action === 'cancel');
            const image = document.getElementById('frame');
            const box = image.getBoundingClientRect();
            const scale = box.width / image.naturalWidth;
            const origin = (image.naturalWidth - frame.screen.width) / 2;
            return [Math.round(box.left + (origin + cancel.rect.x + cancel.rect.width / 2) * scale),
                    Math.round(box.top + (origin + cancel.rect.y + cancel.rect.height / 2) * scale)];
            """)
        guard case .array(let xy) = point, case .int(let x) = xy[0], case .int(let y) = xy[1] else {
            Issue.record("no Cancel button: \(point.json)")
            return
        }
        try await browser.click(atViewportX: Int(x), y: Int(y))
        let row = try await browser.wait(
            for: "the action in the trace",
            "return [...document.querySelectorAll('#trace tr')].map(r => r.textContent).find(t => t.includes('action') && t.includes('cancel')) || null"
        )
        #expect(row.json.contains("cancel"))
    }

    @Test("Record plays the scenario again, keeps a click on the phone and a toggle, and Save writes a scenario that plays back")
    func recordButton() async throws {
        let recordings = TemporaryDirectory()
        let fixture = try await PreviewFixture(recordings: recordings.path)
        let browser = try await WebDriver(width: 1280, height: 800)
        try await browser.open(fixture.base + "/")
        try await browser.click("#tab-player")
        try await browser.wait(for: "the player's first frame", seconds: 60, "return window.pophost.lastFrame ? true : null")
        try await browser.execute("document.getElementById('record-name').value = 'clicked'")
        try await browser.click("#record")
        try await browser.wait(for: "playing past 3.6 s", seconds: 60, "return window.pophost.lastFrame.time > 3600 ? true : null")
        let centre = try await browser.execute(
            """
            const box = document.getElementById('frame').getBoundingClientRect();
            return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height * 0.8)];
            """)
        guard case .array(let xy) = centre, case .int(let x) = xy[0], case .int(let y) = xy[1] else {
            Issue.record("no frame: \(centre.json)")
            return
        }
        // The page's own mouse handlers at a point of the phone (a click by the driver lands wherever the
        // page is laid out at that instant, which a loaded machine makes a race): a press there, and the
        // release the page follows on the window.
        try await browser.execute(
            """
            const point = {bubbles: true, clientX: arguments[0], clientY: arguments[1]};
            document.getElementById('frame').dispatchEvent(new MouseEvent('mousedown', point));
            window.dispatchEvent(new MouseEvent('mouseup', point));
            """, [.int(x), .int(y)])
        try await browser.wait(for: "the tap sent", "return window.pophost.inputsSent >= 2 ? true : null")
        try await browser.click("#appearance")
        try await browser.wait(for: "a frame after the toggle", seconds: 30, "return window.pophost.lastFrame.time > 4200 ? true : null")
        try await browser.click("#record")
        let saved = try await browser.wait(
            for: "the recording saved", seconds: 30, "return window.pophost.lastRecording ? window.pophost.lastRecording.path : null")
        #expect(saved == .string(recordings.file("clicked.json")))
        let text = try String(contentsOfFile: recordings.file("clicked.json"), encoding: .utf8)
        #expect(text.contains(#""traits":{"appearance":"dark"}"#) && text.contains(#""tap":{"#), "\(text)")
        let samples = try IsolatedSamples()
        let replay = ScenarioRunner(scenario: try Scenario.load(path: recordings.file("clicked.json")), catalog: samples.catalog)
        replay.runToEnd()
        #expect(replay.problems.isEmpty && replay.verify().isEmpty, "\(replay.problems) \(replay.verify())")
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }

    @Test("rebuilding a scaffolded C plugin with a changed title updates the page without a page load, at the same instant")
    func liveReload() async throws {
        let project = try ScaffoldedPlugin()
        let scenario = try Scenario.parse(json: ScaffoldedPlugin.scenario, file: "watched.json", baseDirectory: nil)
        let fixture = try await PreviewFixture(scenario: scenario, samples: false, extra: [project.library])
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        try await browser.click("#tab-player")
        try await browser.wait(for: "the live channel", "return document.getElementById('live-status').textContent === 'live'")
        try await Self.scrub(browser, to: 800)
        #expect(try await browser.execute("return window.pophost.lastFrame.svg.includes('First title')") == true)
        try await browser.execute("window.notReloaded = true")
        try project.edit("src/view.c", replacing: #"data_string(data, "title", PLUGIN_NAME)"#, with: #""Rebuilt title""#)
        try project.build()
        let copy = fixture.directory.file("libwatched.so")
        let pageStart = try await browser.execute("return performance.now()")
        let start = ContinuousClock.now
        try FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: project.library, toPath: copy)
        try await browser.wait(
            for: "the rebuilt title", "return window.pophost.reloads.length > 0 && window.pophost.lastFrame.svg.includes('Rebuilt title')")
        let latency = ContinuousClock.now - start
        #expect(try await browser.execute("return window.notReloaded === true") == true, "the page was not loaded again")
        #expect(try await browser.execute("return window.pophost.lastFrame.time") == 800, "the timeline keeps its position")
        let told = try await browser.execute("return window.pophost.reloads[0].told - arguments[0]", [pageStart])
        print(
            "figure: reload latency, file replaced to the page showing the new title \(Self.milliseconds(latency)) ms; "
                + "of which to the server's message (settle, new plugin host, replay) \(told.json) ms")
    }

    @Test("a crashing plugin shows an error panel, and the page still works")
    func crash() async throws {
        let project = try ScaffoldedPlugin()
        try project.edit(
            "src/view.c", replacing: #"    b->text(b, data_string(data, "title", PLUGIN_NAME)"#,
            with:
                "    if (data_string(data, \"crash\", NULL)) *(volatile int *)0 = 1;\n    b->text(b, data_string(data, \"title\", PLUGIN_NAME)"
        )
        try project.build()
        let fixture = try await PreviewFixture(extra: [project.library])
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        try await browser.wait(for: "the live channel", "return document.getElementById('live-status').textContent === 'live'")
        try await browser.execute(
            "document.getElementById('theme-filter').value = 'alert'; document.getElementById('sample-data').value = '{\"crash\": \"yes\"}'; document.getElementById('apply-data').click();"
        )
        let panel = try await browser.wait(
            for: "the problem panel",
            "const p = document.getElementById('problems'); return !p.hidden && p.textContent.includes('SIGSEGV') ? p.textContent : null")
        #expect(panel.json.contains("SIGSEGV"))
        // Still working: the player draws the demo.
        try await browser.click("#tab-player")
        try await Self.scrub(browser, to: 6500)
        #expect(try await browser.execute("return window.pophost.lastFrame.svg.includes('Payment')") == true)
    }

    @Test("a hostile plugin's strings show as text: no element, no script of theirs")
    func hostileStrings() async throws {
        let project = try HostileStringsTests.hostilePlugin()
        let fixture = try await PreviewFixture(samples: false, extra: [project.library])
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        let shown = try await browser.wait(
            for: "the hostile description",
            "const t = [...document.querySelectorAll('.component-id')].map(e => e.textContent).find(t => t.includes('pwned')); return t || null"
        )
        #expect(shown.json.contains(Value.string(HostileStringsTests.hostile).json.dropFirst().dropLast()), "\(shown.json)")
        try await browser.execute(
            "document.getElementById('sample-data').value = JSON.stringify({title: arguments[0]}); document.getElementById('apply-data').click();",
            [.string(HostileStringsTests.hostile)])
        try await browser.wait(
            for: "the pictures", seconds: 30,
            "const v = document.querySelectorAll('.view-loader .picture'); return v.length && [...v].every(p => p.querySelector('img, .error')) ? true : null"
        )
        #expect(try await browser.execute("return document.querySelectorAll('img[src=\"x\"]').length") == 0)
        #expect(try await browser.execute("return document.scripts.length") == 1, "only the page's own script")
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }

    @Test("pophost test from the page: the C sample's results, each test with its status")
    func testResults() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        try await browser.wait(for: "the gallery", "return document.querySelectorAll('.run-test').length === 2 ? true : null")
        try await browser.click("#tab-tests")
        try await browser.click(".run-test")
        let rows = try await browser.wait(
            for: "the results", seconds: 60,
            "const r = [...document.querySelectorAll('#results tr.result')].map(r => r.textContent); return r.length ? r : null")
        #expect(rows.json.contains("oklibrary.loads"), "the CLI's words: \(rows.json.prefix(400))")
        let summary = try await browser.execute("return document.getElementById('test-summary').textContent")
        guard case .string(let said) = summary else {
            Issue.record("no summary")
            return
        }
        #expect(said.hasPrefix("passed  ") && said.contains(" passed") && said.contains("skipped"), "\(said)")
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }

    @Test("a stale scenario snapshot shows expected, actual and difference; Accept re-records it and the tests pass again")
    func staleSnapshot() async throws {
        let stale = try await StaleSnapshot()
        let browser = try await WebDriver()
        try await browser.open(stale.fixture.base + "/")
        try await browser.wait(for: "the gallery", "return document.querySelectorAll('.run-test').length === 1 ? true : null")
        try await browser.click("#tab-tests")
        try await browser.click(".run-test")
        let shown = try await browser.wait(
            for: "the three pictures", seconds: 60,
            """
            const p = [...document.querySelectorAll('.snapshot .picture')];
            return p.length === 3 && p.every(e => e.querySelector('img') && e.querySelector('img').complete && e.querySelector('img').naturalWidth > 0)
              ? p.map(e => e.dataset.picture) : null;
            """)
        #expect(shown == ["expected", "actual", "difference"])
        try await browser.execute("document.querySelector('.snapshot').scrollIntoView()")
        try Self.record(try await browser.screenshot(), as: "preview-snapshot.png")
        #expect(try await browser.execute("return document.querySelectorAll('.snapshot .error').length") == 0)
        let failed = "scenario." + stale.scenario
        let status = """
            const row = [...document.querySelectorAll('#results tr.result')].find(r => r.children[1].textContent === '\(failed)');
            return row ? row.children[0].textContent : null;
            """
        #expect(try await browser.execute(status) == "FAIL")
        try await browser.click(".snapshot .accept")
        try await browser.wait(
            for: "the tests run again and the scenario passes", seconds: 60,
            "return window.pophost.accepted && (() => { \(status) })() === 'ok' ? true : null")
        #expect(try await browser.execute("return document.querySelectorAll('.snapshot').length") == 0)
        #expect(try String(contentsOfFile: stale.snapshot, encoding: .utf8).contains(stale.title))
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }

    @Test("the gallery offers a view loader's declared samples by name, the first chosen; choosing another redraws it with that data")
    func samples() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        let card = "document.querySelector('.view-loader[data-id=\"com.pophost.samples.c.payment-view\"]')"
        let menu = try await browser.wait(
            for: "the payment view's samples",
            "const c = \(card); return c && c.querySelector('select.sample') ? [...c.querySelectorAll('select.sample option')].map(o => o.textContent) : null"
        )
        #expect(menu == ["Order A-1001", "Large amount", "default data"])
        #expect(
            try await browser.execute("return JSON.parse(\(card).querySelector('textarea.data').value)") == [
                "amount": 42.5, "order": "A-1001",
            ])
        try await browser.execute(
            "const m = \(card).querySelector('select.sample'); m.value = '1'; m.dispatchEvent(new Event('change'));")
        #expect(try await browser.execute("return JSON.parse(\(card).querySelector('textarea.data').value).amount") == .double(12999.99))
        try await browser.wait(
            for: "the pictures of the second sample", seconds: 30,
            """
            const p = [...\(card).querySelectorAll('.picture')];
            const asked = performance.getEntriesByType('resource').some(e => e.name.includes('12999.99'));
            return asked && p.length && p.every(e => e.querySelector('img')) ? true : null;
            """)
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }

    @Test("in a 1280 × 800 window every player control is in view; the trait toggles show the run's traits and Space plays")
    func playerFitsAndToggles() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver(width: 1280, height: 800)
        try await browser.open(fixture.base + "/")
        try await browser.click("#tab-player")
        // The first frame comes once the plugin hosts have started (slow on a loaded machine).
        try await browser.wait(for: "the player's first frame", seconds: 60, "return window.pophost.lastFrame ? true : null")
        try await Self.scrub(browser, to: 1000)
        let hidden = try await browser.execute(
            """
            const ids = ['play', 'step-back', 'step-forward', 'scrub', 'time', 'record-name', 'record', 'frame', 'type-text', 'type', 'backspace', 'enter', 'rotate',
              'keyboard', 'reduce-motion', 'appearance', 'text-size', 'layout-direction', 'voice-over', 'screen', 'status'];
            return ids.filter((id) => {
              const box = document.getElementById(id).getBoundingClientRect();
              return !(box.width > 0 && box.height > 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth);
            });
            """)
        #expect(hidden == [], "controls out of a 1280 × 800 window: \(hidden.json)")
        try await browser.click("#appearance")
        try await browser.wait(
            for: "the Dark toggle pressed",
            "return document.getElementById('appearance').getAttribute('aria-pressed') === 'true' ? true : null")
        try await browser.execute("document.activeElement.blur(); document.dispatchEvent(new KeyboardEvent('keydown', {key: 't'}))")
        try await browser.wait(
            for: "the text size stepped", "return document.getElementById('text-size').textContent === 'Text xxxl' ? true : null")
        try await browser.execute("document.dispatchEvent(new KeyboardEvent('keydown', {key: ' '}))")
        try await browser.wait(for: "Space to play", "return window.pophost.lastFrame.time > 1000 ? true : null")
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }
}
