package dev.navserver.server.config;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.LoggerFactory;

/** Collects the events of one logger so tests can await a log line instead of sleeping. */
final class LogCapture extends AppenderBase<ILoggingEvent> implements AutoCloseable {
    private final BlockingQueue<ILoggingEvent> events = new LinkedBlockingQueue<>();
    private final Logger logger;

    LogCapture(Class<?> source) {
        logger = (Logger) LoggerFactory.getLogger(source);
        setContext(logger.getLoggerContext());
        start();
        logger.addAppender(this);
    }

    @Override
    protected void append(ILoggingEvent event) {
        events.add(event);
    }

    /** The next event at {@code level} within {@code timeout}, skipping others; {@code null} on timeout. */
    ILoggingEvent await(Level level, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            ILoggingEvent e = events.poll(left, TimeUnit.NANOSECONDS);
            if (e != null && e.getLevel() == level) {
                return e;
            }
        }
        return null;
    }

    void clear() {
        events.clear();
    }

    @Override
    public void close() {
        logger.detachAppender(this);
        stop();
    }
}
