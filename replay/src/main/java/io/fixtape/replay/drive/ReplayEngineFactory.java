package io.fixtape.replay.drive;

/** Starts the engine a replay drives (the real fixtape engine in production; tests may vary its application). */
@FunctionalInterface
public interface ReplayEngineFactory
{
    ReplayEngine start(ReplayEngineSpec spec);
}
