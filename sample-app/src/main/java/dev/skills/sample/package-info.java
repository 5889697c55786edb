/**
 * A chat service using Agent Skills: an HTTP chat endpoint, a scripted demo, and an
 * offline model that plays the part of an LLM so that everything runs without an API key.
 */
@NullMarked
package dev.skills.sample;

import org.jspecify.annotations.NullMarked;
