/**
 * Remote skill sources in a Spring Boot application: the extension point that adds
 * sources, and their view for the {@code skills} endpoint.
 */
@NullMarked
package dev.skills.boot.sources;

import org.jspecify.annotations.NullMarked;
