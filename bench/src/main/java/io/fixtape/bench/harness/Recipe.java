package io.fixtape.bench.harness;

/**
 * Warm-up (discarded), measured and runs of a latency row. {@code smoke} figures are labelled and never compared.
 */
public record Recipe(String label, int warmup, int measured, int runs)
{
    public boolean isSmoke()
    {
        return "smoke".equals(label);
    }
}
