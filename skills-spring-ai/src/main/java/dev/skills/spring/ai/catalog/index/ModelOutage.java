package dev.skills.spring.ai.catalog.index;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The embedding model's failures as the log tells them: one warning per outage, whether a
 * batch or a request met it, and one line when the model answers again; a failing model
 * must not flood the log.
 */
final class ModelOutage {

	private static final Log logger = LogFactory.getLog(EmbeddingSkillIndex.class);

	private final String model;

	private final Duration retry;

	private volatile boolean failing;

	ModelOutage(String model, Duration retry) {
		this.model = model;
		this.retry = retry;
	}

	void failed(RuntimeException ex) {
		if (!this.failing) {
			this.failing = true;
			logger.warn("The embedding model " + this.model + " failed; skills are ranked by keywords alone until it "
					+ "answers (batches are retried after " + this.retry.toMillis() + " ms): " + ex.getMessage());
		}
	}

	void recovered() {
		if (this.failing) {
			this.failing = false;
			logger.info("The embedding model " + this.model + " answers again: skills are ranked by meaning again");
		}
	}

}
