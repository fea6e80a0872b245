package dev.navserver.server;

import dev.navserver.server.cli.DirectoryCommand;
import dev.navserver.server.cli.PathCommand;
import dev.navserver.server.cli.ScenCommand;
import dev.navserver.server.cli.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code navserver.jar}: {@code serve} (default), {@code directory}, {@code path}, {@code scen}. */
@Command(name = "navserver", mixinStandardHelpOptions = true, version = "navserver 0.1.0",
        description = "Authoritative game-server navigation service.",
        subcommands = {ServeCommand.class, DirectoryCommand.class, PathCommand.class, ScenCommand.class})
public final class Main implements Runnable {
    @Override
    public void run() {
        new CommandLine(new ServeCommand()).execute();
    }

    public static void main(String[] args) {
        String[] effective = args.length == 0 ? new String[] {"serve"} : args;
        System.exit(new CommandLine(new Main()).execute(effective));
    }
}
