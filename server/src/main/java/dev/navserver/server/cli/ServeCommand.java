package dev.navserver.server.cli;

import dev.navserver.server.NavServer;
import dev.navserver.server.config.ConfigException;
import dev.navserver.server.config.ConfigOverrides;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code navserver serve [--config FILE] [--admin-host HOST]}: runs the server until SIGTERM (closed, a cluster node
 * drained, exit 0) or SIGINT (closed by the shutdown hook).
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run the server (default: config/navserver.yaml with the bundled maps).")
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

    @Option(names = "--config", paramLabel = "FILE",
            description = "Config file (default: config/navserver.yaml under the navserver home).")
    Path config;

    @Option(names = "--admin-host", paramLabel = "HOST",
            description = "Bind address of the admin HTTP listener for this run, replacing admin.host of the config "
                    + "file (also across reloads). The Docker image passes 0.0.0.0.")
    String adminHost;

    /** The default config: {@code $navserver.home/config/navserver.yaml}, else relative to the working directory. */
    static Path defaultConfig() {
        String home = System.getProperty("navserver.home");
        Path p = Path.of("config", "navserver.yaml");
        return home == null ? p : Path.of(home).resolve(p);
    }

    @Override
    public Integer call() throws Exception {
        Path file = config != null ? config : defaultConfig();
        if (!Files.isRegularFile(file)) {
            System.err.println("navserver: config file not found: " + file);
            return 2;
        }
        ConfigOverrides overrides;
        try {
            overrides = new ConfigOverrides(adminHost);
        } catch (IllegalArgumentException e) {
            System.err.println("navserver: invalid option " + e.getMessage());
            return 2;
        }
        NavServer server;
        try {
            server = new NavServer(file, overrides);
        } catch (ConfigException e) {
            System.err.println("navserver: invalid config: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println("navserver: " + e.getMessage());
            return 2;
        }
        CountDownLatch terminated = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "navserver-shutdown"));
        // SIGTERM: close (a cluster node drains first) on this thread, then exit 0 instead of the JVM's 143
        Signal.handle(new Signal("TERM"), sig -> terminated.countDown());
        try {
            server.start();
        } catch (IOException e) {
            LOG.error("could not start: {}", e.getMessage());
            server.close();
            return 1;
        }
        terminated.await();
        LOG.info("SIGTERM: shutting down");
        server.close();
        return 0;
    }
}
