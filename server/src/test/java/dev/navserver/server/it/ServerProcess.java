package dev.navserver.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server as a separate JVM ({@code Main serve --config FILE} on this JVM's classpath, loopback, ephemeral ports
 * read from its start line), its output in a file. {@link #close()} kills it (SIGKILL) if it still runs.
 */
final class ServerProcess implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern UP = Pattern.compile("navserver up: game port (\\d+), admin port (\\d+)");

    final Process process;
    final int gamePort;
    final int adminPort;

    private ServerProcess(Process process, int gamePort, int adminPort) {
        this.process = process;
        this.gamePort = gamePort;
        this.adminPort = adminPort;
    }

    /**
     * Starts the server and waits for its start line.
     *
     * @param fileSizeBlocks the child's file size limit ({@code ulimit -f}, in the shell's blocks), or 0 for none
     */
    static ServerProcess start(Path config, Path log, int fileSizeBlocks) throws Exception {
        return start(config, log, fileSizeBlocks, Map.of());
    }

    /** As {@link #start(Path, Path, int)}, with {@code env} added to the child's environment. */
    static ServerProcess start(Path config, Path log, int fileSizeBlocks, Map<String, String> env) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>();
        if (fileSizeBlocks > 0) {
            // exec keeps the pid: destroyForcibly still kills the JVM itself
            cmd.addAll(List.of("/bin/sh", "-c", "ulimit -f " + fileSizeBlocks + " && exec \"$@\"", "sh"));
        }
        // INFO logging (the shipped logback.xml): the child's output file is under its file size limit too
        cmd.addAll(List.of(java, "-Xmx256m", "-XX:-UsePerfData", "-Dlogback.configurationFile="
                + TestServer.repoRoot().resolve("config/logback.xml"), "-cp", System.getProperty("java.class.path"),
                "dev.navserver.server.Main", "serve", "--config", config.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                Matcher m = UP.matcher(Files.readString(log));
                if (m.find()) {
                    return new ServerProcess(p, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
                }
                assertThat(p.isAlive()).as("server process alive; its output:\n%s", Files.readString(log)).isTrue();
                Thread.sleep(50); // polls the child's log file for its start line, with a deadline
            }
        } catch (Throwable t) {
            p.destroyForcibly();
            throw t;
        }
        p.destroyForcibly();
        throw new AssertionError("server did not start within " + START_TIMEOUT + ":\n" + Files.readString(log));
    }

    /** SIGKILL: no shutdown hook, no flush, no close; waits until the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).as("killed").isTrue();
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
