package dev.navserver.server.cli;

import dev.navserver.server.cluster.DirectoryServer;
import dev.navserver.server.config.ConfigException;
import dev.navserver.server.config.ConfigLoader;
import dev.navserver.server.config.NavServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code navserver directory [--config FILE]}: serves only redirects on {@code server.port}, from
 * {@code cluster.etcd}, until SIGTERM (exit 0) or SIGINT.
 */
@Command(name = "directory", mixinStandardHelpOptions = true,
        description = "Run a directory: answer each hello with a redirect to the node serving its map "
                + "(cluster.etcd must be set).")
public final class DirectoryCommand implements Callable<Integer> {
    @Option(names = "--config", paramLabel = "FILE",
            description = "Config file (default: config/navserver.yaml under the navserver home).")
    Path config;

    @Override
    public Integer call() throws Exception {
        Path file = config != null ? config : ServeCommand.defaultConfig();
        if (!Files.isRegularFile(file)) {
            System.err.println("navserver: config file not found: " + file);
            return 2;
        }
        NavServerConfig cfg;
        try {
            cfg = ConfigLoader.load(file);
        } catch (ConfigException e) {
            System.err.println("navserver: invalid config: " + e.getMessage());
            return 2;
        }
        if (!cfg.cluster().enabled()) {
            System.err.println("navserver: invalid config: " + file + ": cluster.etcd: must be set for the directory");
            return 2;
        }
        DirectoryServer server = new DirectoryServer(cfg);
        CountDownLatch terminated = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "navserver-directory-shutdown"));
        Signal.handle(new Signal("TERM"), sig -> terminated.countDown());
        server.start();
        terminated.await();
        server.close();
        return 0;
    }
}
