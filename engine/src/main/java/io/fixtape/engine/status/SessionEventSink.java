package io.fixtape.engine.status;

/**
 * Where formatted session event lines go; called on the {@value SessionEventLogger#ROLE_NAME} thread only. The
 * default, {@link #slf4j()}, logs them through SLF4J (logger {@value #LOGGER_NAME}), so an embedding application's
 * own binding decides where they end up.
 */
@FunctionalInterface
public interface SessionEventSink
{
    /** Logger name of the default sink. */
    String LOGGER_NAME = "io.fixtape.session";

    /**
     * @param type    what happened; null for the logger's own line saying how many events were lost.
     * @param warning whether it is worth a WARN (rejects, store failures, slow consumers).
     * @param line    one line: the session, the event and its details.
     */
    void onEvent(SessionEventType type, boolean warning, String line);

    /** Lines to the SLF4J logger {@value #LOGGER_NAME}: INFO, WARN for warnings. */
    static SessionEventSink slf4j()
    {
        final org.slf4j.Logger logger = org.slf4j.LoggerFactory.getLogger(LOGGER_NAME);
        return (type, warning, line) ->
        {
            if (warning)
            {
                logger.warn(line);
            }
            else
            {
                logger.info(line);
            }
        };
    }
}
