package io.fixtape.bench.micro.sidebyside;

/** The engines of the side-by-side benchmarks, by the name used in their JMH {@code @Param}. */
public final class Engines
{
    /** The engine's tag/value flyweights ({@code FixDecoder}/{@code FixEncoder}) read and written by tag. */
    public static final String FIXTAPE = "fixtape";
    /** The generated typed codecs of {@code fixtape-codecs} ({@code io.fixtape.codecs.fix44}) over the same. */
    public static final String FIXTAPE_TYPED = "fixtape-typed";
    public static final String QUICKFIXJ = "quickfixj";
    public static final String ARTIO = "artio";

    private Engines()
    {
    }

    public static NewOrderSingleParser newOrderSingleParser(final String engine, final byte[] message)
    {
        switch (engine)
        {
            case FIXTAPE:
                return new FixtapeNewOrderSingleParser(message);
            case FIXTAPE_TYPED:
                return new FixtapeTypedNewOrderSingleParser(message);
            case QUICKFIXJ:
                return new QuickFixJNewOrderSingleParser(message);
            case ARTIO:
                return new ArtioNewOrderSingleParser(message);
            default:
                throw new IllegalArgumentException("unknown engine: " + engine);
        }
    }

    public static ExecutionReportWriter executionReportWriter(final String engine)
    {
        switch (engine)
        {
            case FIXTAPE:
                return new FixtapeExecutionReportWriter();
            case FIXTAPE_TYPED:
                return new FixtapeTypedExecutionReportWriter();
            case QUICKFIXJ:
                return new QuickFixJExecutionReportWriter();
            case ARTIO:
                return new ArtioExecutionReportWriter();
            default:
                throw new IllegalArgumentException("unknown engine: " + engine);
        }
    }
}
