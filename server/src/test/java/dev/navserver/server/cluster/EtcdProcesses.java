package dev.navserver.server.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real etcd cluster of {@code n} members on loopback, each a child process of Debian's {@code etcd} (package
 * {@code etcd-server}, installed by {@code .ci/run}), with its data in a temporary directory. Members can be killed
 * and started again; {@link #close} kills every one that is left. Not thread-safe: one test drives it.
 */
public final class EtcdProcesses implements AutoCloseable {
    /** The etcd binary the tests run. */
    public static final Path ETCD = Path.of("/usr/bin/etcd");

    private final Path dir;
    private final int[] clientPorts;
    private final int[] peerPorts;
    private final Process[] members;
    private final String initialCluster;

    private EtcdProcesses(Path dir, int n) throws IOException {
        this.dir = dir;
        this.clientPorts = new int[n];
        this.peerPorts = new int[n];
        this.members = new Process[n];
        StringBuilder cluster = new StringBuilder();
        for (int i = 0; i < n; i++) {
            clientPorts[i] = freePort();
            peerPorts[i] = freePort();
            if (i > 0) {
                cluster.append(',');
            }
            cluster.append(name(i)).append("=http://127.0.0.1:").append(peerPorts[i]);
        }
        this.initialCluster = cluster.toString();
    }

    /** True when the etcd binary is installed here. */
    public static boolean available() {
        return Files.isExecutable(ETCD);
    }

    /**
     * Starts {@code n} members in {@code dir} and waits until every one answers {@code /health} healthy.
     *
     * @throws IOException when a member does not start or become healthy within 30 s
     */
    public static EtcdProcesses start(Path dir, int n) throws IOException, InterruptedException {
        EtcdProcesses etcd = new EtcdProcesses(dir, n);
        try {
            for (int i = 0; i < n; i++) {
                etcd.launch(i);
            }
            for (int i = 0; i < n; i++) {
                etcd.awaitHealthy(i, Duration.ofSeconds(30));
            }
            return etcd;
        } catch (IOException | InterruptedException | RuntimeException e) {
            etcd.close();
            throw e;
        }
    }

    /** The client URLs of every member, e.g. {@code http://127.0.0.1:23791}. */
    public List<String> clientUrls() {
        List<String> urls = new ArrayList<>();
        for (int port : clientPorts) {
            urls.add("http://127.0.0.1:" + port);
        }
        return urls;
    }

    /** Number of members. */
    public int size() {
        return members.length;
    }

    /** Kills member {@code i} with SIGKILL and waits for it to exit; its data stay. */
    public void kill(int i) throws InterruptedException {
        Process p = members[i];
        if (p != null) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            members[i] = null;
        }
    }

    /** Starts member {@code i} again on its data and waits until it is healthy. */
    public void restart(int i) throws IOException, InterruptedException {
        if (members[i] != null) {
            throw new IllegalStateException(name(i) + " is running");
        }
        launch(i);
        awaitHealthy(i, Duration.ofSeconds(30));
    }

    private void launch(int i) throws IOException {
        Path data = dir.resolve(name(i));
        boolean existing = Files.isDirectory(data.resolve("member"));
        Files.createDirectories(data);
        String client = "http://127.0.0.1:" + clientPorts[i];
        String peer = "http://127.0.0.1:" + peerPorts[i];
        ProcessBuilder pb = new ProcessBuilder(ETCD.toString(),
                "--name", name(i),
                "--data-dir", data.resolve("data").toString(),
                "--listen-client-urls", client,
                "--advertise-client-urls", client,
                "--listen-peer-urls", peer,
                "--initial-advertise-peer-urls", peer,
                "--initial-cluster", initialCluster,
                "--initial-cluster-token", "navserver-test-" + dir.getFileName(),
                "--initial-cluster-state", existing ? "existing" : "new",
                "--heartbeat-interval", "50",
                "--election-timeout", "500",
                "--log-level", "warn");
        pb.redirectErrorStream(true);
        pb.redirectOutput(data.resolve("etcd.log").toFile());
        members[i] = pb.start();
    }

    private void awaitHealthy(int i, Duration timeout) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        URI health = URI.create("http://127.0.0.1:" + clientPorts[i] + "/health");
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            Process p = members[i];
            if (p == null || !p.isAlive()) {
                throw new IOException(name(i) + " exited; see " + dir.resolve(name(i)).resolve("etcd.log"));
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2))
                        .build(), HttpResponse.BodyHandlers.ofString());
                last = r.statusCode() + " " + r.body();
                if (r.statusCode() == 200 && r.body().contains("\"health\":\"true\"")) {
                    return;
                }
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(50); // polling a child process's readiness: no event to await
        }
        throw new IOException(name(i) + " not healthy within " + timeout + ": " + last);
    }

    private static String name(int i) {
        return "etcd" + i;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < members.length; i++) {
            Process p = members[i];
            if (p != null) {
                p.destroyForcibly();
                try {
                    p.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                members[i] = null;
            }
        }
    }
}
