package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.Terrain;
import dev.navserver.protocol.MonsterStates;
import dev.navserver.protocol.message.BehaviourSpec;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.MonsterEvent;
import dev.navserver.protocol.message.MonsterSnapshot;
import dev.navserver.protocol.message.MonsterSpawn;
import dev.navserver.protocol.message.Monsters;
import dev.navserver.protocol.message.NavPath;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.protocol.message.Route;
import dev.navserver.protocol.message.RouteOk;
import dev.navserver.protocol.message.Spawned;
import dev.navserver.protocol.message.Vec3;
import dev.navserver.protocol.message.Welcome;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live viewer in a real browser: Debian's headless Chromium driven through Debian's chromedriver opens
 * {@code /view#token=...} against a running server with monsters and checks the drawn pixels against the server's own
 * positions. Skipped when Chromium or chromedriver is missing, unless {@code NAVSERVER_REQUIRE_BROWSER=1} (set by
 * {@code .ci/run}, which installs them), in which case a missing browser fails the test.
 */
class ViewerBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final int[] WALL_RGB = {59, 59, 59};
    private static final int[] OPEN_RGB = {232, 228, 216};
    private static final int[] LOCAL_RGB = {0x31, 0xc4, 0x8d};
    private static final int[] IDLE_RGB = {0xa0, 0xa0, 0xa0};
    private static final int[] CHASE_RGB = {0xff, 0x5a, 0x36};
    private static final int[] UNREACHABLE_RGB = {0xc0, 0x50, 0xff};
    private static final int[] ROUTE_RGB = {0x00, 0xe5, 0xff};
    private static final int[] AGGRO_RGB = {0xff, 0x2d, 0x2d};
    private static final int[] LEASH_RGB = {0xff, 0xb0, 0x00};
    private static final String AUTHORITY_TOKEN = "authority-0123456789-secret";
    /** Where the screenshot lands for the README (docs/images/viewer.png is a copy of one). */
    static final Path SCREENSHOT = Path.of("target", "viewer-screenshot.png");
    /** The shared-world scene with a monster selected. */
    static final Path WORLD_SCREENSHOT = Path.of("target", "viewer-world-screenshot.png");

    @TempDir
    static Path tmp;
    private static ChromeDriver driver;

    @BeforeAll
    static void startBrowser() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present && "1".equals(System.getenv("NAVSERVER_REQUIRE_BROWSER"))) {
            throw new AssertionError("NAVSERVER_REQUIRE_BROWSER=1 but " + CHROMIUM + " or " + CHROMEDRIVER
                    + " is missing: apt-get install chromium chromium-driver");
        }
        assumeThat(present).as("Debian chromium and chromium-driver installed").isTrue();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // No background traffic: the machine's network is closed and the page must not need it anyway.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,860", "--force-device-scale-factor=1",
                "--user-data-dir=" + tmp.resolve("chromium-profile").toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @Test
    void viewerOpenedWithTheTokenInTheFragment_DrawsTheMapAndEveryMonsterWhereTheServerSaysItIs() throws Exception {
        GridMap arena = TestServer.arena();
        Map<String, String> cfg = Map.of(
                "chase.monstersPerPlayer", "4",
                "chase.monsterSpeedMetersPerSecond", "6.0",
                "chase.spawnMinDistanceMeters", "6.0",
                "chase.spawnMaxDistanceMeters", "12.0");
        try (TestServer server = TestServer.start(tmp.resolve("drawn"), cfg);
                NdjsonClient north = server.connect();
                NdjsonClient south = server.connect()) {
            Map<NdjsonClient, String> sessions = Map.of(
                    north, north.hello("north", "arena").session(), south, south.hello("south", "arena").session());
            north.playerPos(1, -12, 18);
            south.playerPos(1, 10, -4);
            Map<String, MonsterSnapshot> truth = new HashMap<>(stationary(north));
            truth.putAll(stationary(south));
            assertThat(truth).hasSize(8);

            driver.get("http://127.0.0.1:" + server.server().adminPort() + "/view#token=" + TestServer.TOKEN);
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
            // the page's script drops it when it starts, which a loaded machine may run after driver.get returns
            wait.until(d -> !d.getCurrentUrl().contains("token"));
            assertThat(driver.getCurrentUrl()).as("the page drops the token from the address bar")
                    .doesNotContain("token").doesNotContain(TestServer.TOKEN);
            wait.until(d -> pageAgrees(truth));
            wait.until(d -> ((Number) js("return navView.stats().tilesDrawn")).longValue() > 0);
            waitForRedraw();

            BufferedImage canvas = canvasPixels();
            // The terrain: a wall cell and an open cell far from every player, monster and path.
            int[] wall = farCell(arena, truth, true);
            int[] open = farCell(arena, truth, false);
            assertThat(rgbAtCell(canvas, wall)).as("wall cell %s,%s", wall[0], wall[1]).satisfies(
                    rgb -> assertClose(rgb, WALL_RGB));
            assertThat(rgbAtCell(canvas, open)).as("open cell %s,%s", open[0], open[1]).satisfies(
                    rgb -> assertClose(rgb, OPEN_RGB));
            // Every monster: a disc of its state's colour exactly where the server puts it.
            for (MonsterSnapshot m : truth.values()) {
                List<Number> xy = jsList("return navView.worldToScreen(arguments[0], arguments[1])",
                        m.pos().x(), m.pos().z());
                int[] rgb = rgb(canvas, xy.get(0).doubleValue(), xy.get(1).doubleValue());
                assertClose(rgb, stateColour(m.state()));
            }

            // Clicking a monster shows its chase state. Monsters keep their bodies apart, but a disc is drawn at least
            // 3 px wide whatever the zoom, so discs may still overlap on screen and the page may show any monster under
            // the cursor: it must be one whose disc the click hit, with its own target and state.
            MonsterSnapshot target = truth.values().iterator().next();
            List<Number> xy = jsList("return navView.worldToScreen(arguments[0], arguments[1])",
                    target.pos().x(), target.pos().z());
            double cx = xy.get(0).doubleValue();
            double cy = xy.get(1).doubleValue();
            WebElement canvasElement = driver.findElement(By.id("canvas"));
            clickCanvasAt(canvasElement, cx, cy);
            wait.until(d -> d.findElement(By.id("details")).isDisplayed());
            String title = driver.findElement(By.id("d-title")).getText();
            assertThat(title).startsWith("monster ");
            MonsterSnapshot shown = truth.get(title.substring("monster ".length()));
            assertThat(shown).as("the monster shown, %s, is one of the server's", title).isNotNull();
            List<Number> shownXy = jsList("return navView.worldToScreen(arguments[0], arguments[1])",
                    shown.pos().x(), shown.pos().z());
            assertThat(Math.hypot(shownXy.get(0).doubleValue() - cx, shownXy.get(1).doubleValue() - cy))
                    .as("the monster shown lies under the click").isLessThanOrEqualTo(8.0);
            String details = driver.findElement(By.id("d-list")).getText();
            assertThat(details).contains("target session").contains("playerSeq").contains("path status")
                    .contains("expansions").contains("map version").contains(shown.state());
            // Monsters belong to the world: both players see all eight. The server names whom one chases in its
            // nav_path messages, which go to everyone who sees it.
            List<NavPath> shownPaths = new ArrayList<>();
            for (NdjsonClient c : List.of(north, south)) {
                shownPaths.addAll(c.received(NavPath.class, p -> p.monster().equals(shown.monster())));
            }
            NavPath latest = shownPaths.stream().max(java.util.Comparator.comparingLong(NavPath::seq))
                    .orElseThrow(() -> new AssertionError("no nav_path of " + shown.monster()));
            String chased = latest.target();
            assertThat(detail("target")).isEqualTo(chased);
            NdjsonClient chasedClient = "north".equals(chased) ? north : south;
            assertThat(detail("target session")).as("the target player's session").isEqualTo(
                    sessions.get(chasedClient));

            waitForRedraw();
            Files.createDirectories(SCREENSHOT.getParent());
            Files.write(SCREENSHOT, driver.getScreenshotAs(OutputType.BYTES));
        }
    }

    /**
     * An authority defines two routes and spawns two wolves on the bundled arena (60 x 60 m, x = col - 30,
     * z = 30 - row); alice stands at A, 6 m from wolf W, which aggroes and chases her; wolf P patrols "lane":
     * <pre>
     *   z=27   N-----------N        "north": loop (-20,27) (-5,27) (-12,22), nobody patrols it
     *            \       /
     *   z=22       N
     *   z=0                      W . . . . A      W spawned at (4,0), home there; A = alice at (10,0)
     *   z=-24  P===========P                    "lane": pingpong (-20,-24) (0,-24), wolf P walks it
     * </pre>
     */
    @Test
    void worldMonstersOnTheMap_TheSelectedOneShowsKindStateTargetAndHome_RoutesAndItsRadiiAreDrawn()
            throws Exception {
        Map<String, String> cfg = Map.of(
                "server.authorityToken", "\"" + AUTHORITY_TOKEN + "\"",
                "monsters.kinds", "{wolf: {speedMetersPerSecond: 3.5, radiusMeters: 0.5, aggroRadiusMeters: 8,"
                        + " leashRadiusMeters: 25, leashSeconds: 4}}");
        try (TestServer server = TestServer.start(tmp.resolve("world"), cfg);
                NdjsonClient gm = server.connect();
                NdjsonClient alice = server.connect()) {
            gm.send(new Hello(RequestId.of("gm"), 1, "game-master", "arena", AUTHORITY_TOKEN));
            gm.await(Welcome.class, w -> true);
            alice.hello("alice", "arena");
            alice.playerPos(1, 10, 0);
            gm.send(new Route(RequestId.of("r1"), "arena", "north",
                    List.of(new Vec3(-20, 0, 27), new Vec3(-5, 0, 27), new Vec3(-12, 0, 22)), "loop", 0));
            gm.await(RouteOk.class, r -> "north".equals(r.name()));
            gm.send(new Route(RequestId.of("r2"), "arena", "lane",
                    List.of(new Vec3(-20, 0, -24), new Vec3(0, 0, -24)), "pingpong", 1));
            gm.await(RouteOk.class, r -> "lane".equals(r.name()));
            gm.send(new MonsterSpawn(RequestId.of("w"), "arena", new Vec3(4, 0, 0), "wolf", BehaviourSpec.idle(),
                    null));
            String chaser = gm.await(Spawned.class, s -> RequestId.of("w").equals(s.id())).monster();
            gm.send(new MonsterSpawn(RequestId.of("p"), "arena", new Vec3(-20, 0, -24), "wolf",
                    BehaviourSpec.patrol("lane"), null));
            String patroller = gm.await(Spawned.class, s -> RequestId.of("p").equals(s.id())).monster();
            TestServer.awaitCondition("the authority hears " + chaser + " aggro alice", Duration.ofSeconds(10),
                    () -> !gm.received(MonsterEvent.class, e -> chaser.equals(e.monster())
                            && "aggro".equals(e.event()) && "alice".equals(e.target())).isEmpty());

            driver.get("http://127.0.0.1:" + server.server().adminPort() + "/view#token=" + TestServer.TOKEN);
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
            wait.until(d -> Boolean.TRUE.equals(js("return typeof navView !== 'undefined'"
                    + " && navView.routeNames().length === 2 && navView.monster(arguments[0]) !== null"
                    + " && navView.monster(arguments[1]) !== null", chaser, patroller)));
            Map<?, ?> lane = (Map<?, ?>) js("return navView.route('lane')");
            assertThat(lane.get("mode")).isEqualTo("pingpong");
            assertThat(lane.get("points").toString()).isEqualTo("[[-20, -24], [0, -24]]");
            double[] rest = restingOnPage(chaser);

            // Every route is drawn: the middle of north's first segment, far from every monster and player.
            waitForRedraw();
            assertThat(((Number) js("return navView.stats().routesDrawn")).intValue()).isEqualTo(2);
            assertThat(nearbyRgb(canvasPixels(), -12.5, 27, ROUTE_RGB)).as("north drawn at (-12.5, 27)").isTrue();

            // The chasing wolf's panel and its rings: aggro around itself, leash around its home.
            js("navView.select(arguments[0])", chaser);
            wait.until(d -> d.findElement(By.id("details")).isDisplayed());
            assertThat(detail("kind")).isEqualTo("wolf");
            String state = (String) js("return navView.monster(arguments[0]).state", chaser);
            assertThat(state).isIn("chase", "local");
            assertThat(detail("state")).startsWith(state);
            assertThat(detail("target")).isEqualTo("alice");
            assertThat(detail("target session")).isEqualTo(alice.received(Welcome.class, w -> true).get(0).session());
            assertThat(detail("behaviour")).isEqualTo("idle");
            assertThat(detail("home")).isEqualTo("4.00, 0.00");
            assertThat(detail("aggro radius")).isEqualTo("8.0 m");
            assertThat(detail("leash radius")).isEqualTo("25.0 m");
            waitForRedraw();
            BufferedImage selectedCanvas = canvasPixels();
            assertThat(restingOnPage(chaser)).as("still at rest").containsExactly(rest);
            assertThat(nearbyRgb(selectedCanvas, rest[0] - 8, rest[1], AGGRO_RGB)).as("aggro ring, 8 m west of it")
                    .isTrue();
            assertThat(nearbyRgb(selectedCanvas, 4 - 25, 0, LEASH_RGB)).as("leash ring, 25 m west of home").isTrue();
            assertThat(nearbyRgb(selectedCanvas, 4 - 16, 0, LEASH_RGB)).as("no ring between them").isFalse();
            assertThat(nearbyRgb(selectedCanvas, 4 - 16, 0, AGGRO_RGB)).as("no ring between them").isFalse();
            Files.createDirectories(WORLD_SCREENSHOT.getParent());
            Files.write(WORLD_SCREENSHOT, driver.getScreenshotAs(OutputType.BYTES));

            // The patrolling wolf's panel names its route.
            js("navView.select(arguments[0])", patroller);
            wait.until(d -> "patrol lane".equals(detail("behaviour")));
            assertThat(detail("state")).startsWith("patrol");
            assertThat(detail("target")).isEqualTo("–");
        }
    }

    @Test
    void viewerWithoutTheToken_AsksForIt_RefusesAWrongOne_AndGoesLiveWithTheRightOne() throws Exception {
        try (TestServer server = TestServer.start(tmp.resolve("login"), Map.of())) {
            driver.get("http://127.0.0.1:" + server.server().adminPort() + "/view");
            WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(10));
            wait.until(d -> d.findElement(By.id("login")).isDisplayed());

            driver.findElement(By.id("token")).sendKeys("not-the-admin-token-at-all");
            driver.findElement(By.cssSelector("#login button")).click();
            wait.until(d -> "refused".equals(d.findElement(By.id("conn")).getText()));
            assertThat(driver.findElement(By.id("login")).isDisplayed()).as("asks again").isTrue();
            assertThat(driver.findElement(By.id("login-error")).getText()).contains("refused");

            driver.findElement(By.id("token")).sendKeys(TestServer.TOKEN);
            driver.findElement(By.cssSelector("#login button")).click();
            wait.until(d -> "live".equals(d.findElement(By.id("conn")).getText()));
            wait.until(d -> "arena".equals(js("return navView.stats().map")));
            wait.until(d -> ((Number) js("return navView.stats().framesReceived")).longValue() > 0);
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    /** Waits until two consecutive snapshots of this player's monsters agree: they all stopped around the player. */
    /**
     * Seconds without movement that count as rest: longer than the surround slots' re-layout period (2 s), after
     * which monsters that reached provisional slots may move once more to their final ones.
     */
    private static final double REST_SECONDS = 2.5;

    private static Map<String, MonsterSnapshot> stationary(NdjsonClient client) {
        Monsters restStart = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Monsters now = client.await(Monsters.class, s -> !s.list().isEmpty());
            if (restStart == null || !samePositions(restStart, now)) {
                restStart = now;
            } else if (now.serverTime() - restStart.serverTime() >= REST_SECONDS) {
                Map<String, MonsterSnapshot> byId = new HashMap<>();
                now.list().forEach(m -> byId.put(m.monster(), m));
                return byId;
            }
        }
        throw new AssertionError("monsters did not come to rest within 30 s");
    }

    private static boolean samePositions(Monsters a, Monsters b) {
        if (a.list().size() != b.list().size()) {
            return false;
        }
        Map<String, MonsterSnapshot> byId = new HashMap<>();
        a.list().forEach(m -> byId.put(m.monster(), m));
        for (MonsterSnapshot m : b.list()) {
            MonsterSnapshot o = byId.get(m.monster());
            if (o == null || Math.abs(o.pos().x() - m.pos().x()) > 1e-6 || Math.abs(o.pos().z() - m.pos().z()) > 1e-6
                    || !o.state().equals(m.state())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the page holds exactly the server's monsters, each within a millimetre of the server's position. */
    private static boolean pageAgrees(Map<String, MonsterSnapshot> truth) {
        Object ids = js("return typeof navView === 'undefined' ? null : navView.monsterIds()");
        if (!(ids instanceof List<?> list) || list.size() != truth.size()) {
            return false;
        }
        for (MonsterSnapshot m : truth.values()) {
            Object o = js("return navView.monster(arguments[0])", m.monster());
            if (!(o instanceof Map<?, ?> rec)) {
                return false;
            }
            double x = ((Number) rec.get("x")).doubleValue();
            double z = ((Number) rec.get("z")).doubleValue();
            if (Math.abs(x - m.pos().x()) > 0.001 || Math.abs(z - m.pos().z()) > 0.001
                    || !m.state().equals(rec.get("state"))) {
                return false;
            }
        }
        return true;
    }

    /** The text of the selected monster's detail row {@code key}. */
    private static String detail(String key) {
        return (String) js("const dd = document.querySelector(\"#d-list dd[data-key='\" + arguments[0] + \"']\");"
                + " return dd ? dd.textContent : null;", key);
    }

    /** Waits until the page shows the monster at one position for {@link #REST_SECONDS}; returns it (x, z). */
    private static double[] restingOnPage(String monster) {
        double[] since = null;
        long sinceNanos = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            List<Number> xz = jsList("const m = navView.monster(arguments[0]); return [m.x, m.z];", monster);
            double[] now = {xz.get(0).doubleValue(), xz.get(1).doubleValue()};
            if (since == null || since[0] != now[0] || since[1] != now[1]) {
                since = now;
                sinceNanos = System.nanoTime();
            } else if (System.nanoTime() - sinceNanos >= (long) (REST_SECONDS * 1e9)) {
                return now;
            }
            waitForRedraw(); // paces the polling by the page's own frames, no sleep
        }
        throw new AssertionError(monster + " did not come to rest on the page within 30 s");
    }

    /** Whether a pixel within 2 px of world (x, z) on the canvas is close to {@code expected}. */
    private static boolean nearbyRgb(BufferedImage canvas, double x, double z, int[] expected) {
        List<Number> xy = jsList("return navView.worldToScreen(arguments[0], arguments[1])", x, z);
        int cx = (int) Math.floor(xy.get(0).doubleValue());
        int cy = (int) Math.floor(xy.get(1).doubleValue());
        for (int dy = -2; dy <= 2; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                int[] rgb = rgb(canvas, cx + dx, cy + dy);
                if (Math.abs(rgb[0] - expected[0]) <= 6 && Math.abs(rgb[1] - expected[1]) <= 6
                        && Math.abs(rgb[2] - expected[2]) <= 6) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Lets two animation frames pass so that the canvas shows the latest data. */
    private static void waitForRedraw() {
        ((JavascriptExecutor) driver).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));");
    }

    private static BufferedImage canvasPixels() throws IOException {
        byte[] png = driver.findElement(By.id("canvas")).getScreenshotAs(OutputType.BYTES);
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    /**
     * A cell of the wanted kind whose 3x3 neighbourhood is all of that kind, on screen, and at least 8 m from every
     * monster and player (so no disc, path or local-nav circle covers it).
     */
    private static int[] farCell(GridMap map, Map<String, MonsterSnapshot> monsters, boolean wall) {
        List<double[]> busy = new ArrayList<>();
        monsters.values().forEach(m -> busy.add(new double[] {m.pos().x(), m.pos().z()}));
        busy.add(new double[] {-12, 18});
        busy.add(new double[] {10, -4});
        for (int row = 1; row < map.height() - 1; row++) {
            for (int col = 1; col < map.width() - 1; col++) {
                if (!uniform(map, col, row, wall)) {
                    continue;
                }
                int cell = map.cell(col, row);
                double x = map.worldX(cell);
                double z = map.worldZ(cell);
                if (busy.stream().allMatch(b -> Math.hypot(b[0] - x, b[1] - z) > 8)) {
                    return new int[] {col, row};
                }
            }
        }
        throw new AssertionError("no " + (wall ? "wall" : "open") + " cell far from the action on " + map);
    }

    private static boolean uniform(GridMap map, int col, int row, boolean wall) {
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                int t = map.terrain(col + dc, row + dr);
                if ((t == Terrain.WALL) != wall || (!wall && t != Terrain.OPEN)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int[] rgbAtCell(BufferedImage canvas, int[] cell) {
        List<Number> xy = jsList("return navView.cellToScreen(arguments[0], arguments[1])", cell[0], cell[1]);
        return rgb(canvas, xy.get(0).doubleValue(), xy.get(1).doubleValue());
    }

    private static int[] rgb(BufferedImage image, double x, double y) {
        int px = (int) Math.floor(x);
        int py = (int) Math.floor(y);
        assertThat(px).as("x on the canvas").isBetween(0, image.getWidth() - 1);
        assertThat(py).as("y on the canvas").isBetween(0, image.getHeight() - 1);
        int argb = image.getRGB(px, py);
        return new int[] {(argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff};
    }

    private static void assertClose(int[] actual, int[] expected) {
        for (int i = 0; i < 3; i++) {
            assertThat(Math.abs(actual[i] - expected[i]))
                    .as("rgb(%d,%d,%d) vs expected rgb(%d,%d,%d)", actual[0], actual[1], actual[2],
                            expected[0], expected[1], expected[2])
                    .isLessThanOrEqualTo(6);
        }
    }

    private static int[] stateColour(String state) {
        switch (state) {
            case MonsterStates.LOCAL:
                return LOCAL_RGB;
            case MonsterStates.IDLE:
                return IDLE_RGB;
            case MonsterStates.CHASE:
                return CHASE_RGB;
            case MonsterStates.UNREACHABLE:
                return UNREACHABLE_RGB;
            default:
                throw new AssertionError("unknown state " + state);
        }
    }

    private static void clickCanvasAt(WebElement canvas, double x, double y) {
        // Selenium offsets are from the element's centre.
        int w = canvas.getRect().getWidth();
        int h = canvas.getRect().getHeight();
        new Actions(driver).moveToElement(canvas, (int) Math.round(x - w / 2.0), (int) Math.round(y - h / 2.0))
                .click().perform();
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    @SuppressWarnings("unchecked")
    private static List<Number> jsList(String script, Object... args) {
        return (List<Number>) js(script, args);
    }
}
