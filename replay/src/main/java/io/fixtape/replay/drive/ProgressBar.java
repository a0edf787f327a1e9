package io.fixtape.replay.drive;

import java.io.PrintStream;

/**
 * A one-line text progress bar redrawn in place ({@code \r}) at most every 200 ms: percentage, counts, rate.
 * Threading: the replay thread only.
 */
final class ProgressBar
{
    private static final long REDRAW_NANOS = 200_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final long total;
    private final long startNanos;
    private long lastDrawNanos;

    ProgressBar(final PrintStream out, final long total, final long startNanos)
    {
        this.out = out;
        this.total = Math.max(1, total);
        this.startNanos = startNanos;
    }

    void update(final long done, final long outbound, final long nowNanos)
    {
        if (out == null || nowNanos - lastDrawNanos < REDRAW_NANOS)
        {
            return;
        }
        lastDrawNanos = nowNanos;
        draw(done, outbound, nowNanos);
    }

    void finish(final long done, final long outbound, final long nowNanos)
    {
        if (out != null)
        {
            draw(done, outbound, nowNanos);
            out.println();
        }
    }

    private void draw(final long done, final long outbound, final long nowNanos)
    {
        final int filled = (int)(WIDTH * Math.min(done, total) / total);
        final double seconds = Math.max(1e-9, (nowNanos - startNanos) / 1e9);
        final StringBuilder line = new StringBuilder(100).append('\r').append('[');
        for (int i = 0; i < WIDTH; i++)
        {
            line.append(i < filled ? '#' : '.');
        }
        line.append("] ").append(100 * Math.min(done, total) / total).append("% in ").append(done).append('/')
            .append(total).append(" out ").append(outbound).append(' ')
            .append(String.format("%,.0f msg/s", done / seconds));
        out.print(line);
        out.flush();
    }
}
