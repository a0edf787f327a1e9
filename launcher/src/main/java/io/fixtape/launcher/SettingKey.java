package io.fixtape.launcher;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The settings-file key a builder method sets: the method and a {@code key=value} line in a settings file do the
 * same thing, with the same default, checks and error messages (see docs/CONFIGURATION.md).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SettingKey
{
    /** The key, spelt as in a settings file. */
    String value();
}
