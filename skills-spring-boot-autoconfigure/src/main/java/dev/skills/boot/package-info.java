/**
 * Agent Skills in a Spring Boot application: the reload event, the extension point that
 * adds skill locations, and the listener that publishes reloads. The auto-configuration
 * is in {@code autoconfigure}, one package per concern beside the behaviour it wires.
 */
@NullMarked
package dev.skills.boot;

import org.jspecify.annotations.NullMarked;
