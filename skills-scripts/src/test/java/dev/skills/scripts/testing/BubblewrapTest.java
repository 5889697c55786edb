package dev.skills.scripts.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Marks a test class that runs scripts in real bubblewrap: without {@code bwrap} on the
 * {@code PATH} each of its tests is reported as skipped with the reason, except in CI
 * ({@code CI=true}), where they run and fail.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(BubblewrapCondition.class)
public @interface BubblewrapTest {

}
