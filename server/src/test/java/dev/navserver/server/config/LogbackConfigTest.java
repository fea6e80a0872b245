package dev.navserver.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LogbackConfigTest {
    @Test
    void shippedLogbackConfig_LoadsWithoutWarnings_AndLogsInfoToTheConsole() throws Exception {
        Path file = ConfigLoaderTest.repoRoot().resolve("config/logback.xml");
        LoggerContext ctx = new LoggerContext();
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(ctx);
            configurator.doConfigure(file.toFile());

            int worst = ctx.getStatusManager().getCopyOfStatusList().stream()
                    .mapToInt(Status::getEffectiveLevel).max().orElse(Status.INFO);
            assertThat(worst).as("logback status of %s", file).isLessThan(Status.WARN);
            assertThat(ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel()).isEqualTo(Level.INFO);
            assertThat(ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("CONSOLE")).isNotNull();
            assertThat(ctx.getLogger("io.netty").getLevel()).isEqualTo(Level.WARN);
        } finally {
            ctx.stop();
        }
    }
}
