package dev.skills.boot.catalog.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Whether skills are ranked by meaning: as {@code skills.catalog.embeddings.enabled}
 * says, and when it says nothing, whenever {@code skills-embeddings-local} is on the
 * class path. {@link Enabled} and {@link Disabled} are its two sides.
 */
abstract class OnEmbeddingsCondition extends SpringBootCondition {

	static final String ENABLED = SkillsCatalogProperties.PREFIX + ".embeddings.enabled";

	static final String LOCAL_MODEL = "dev.skills.embeddings.local.LocalEmbeddingModel";

	private final boolean wanted;

	OnEmbeddingsCondition(boolean wanted) {
		this.wanted = wanted;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		String enabled = context.getEnvironment().getProperty(ENABLED);
		boolean on;
		String why;
		if (enabled != null) {
			on = Boolean.parseBoolean(enabled.strip());
			why = ENABLED + "=" + enabled;
		}
		else {
			on = ClassUtils.isPresent(LOCAL_MODEL, context.getClassLoader());
			why = "skills-embeddings-local " + (on ? "is" : "is not") + " on the class path";
		}
		return new ConditionOutcome(on == this.wanted, "Ranking by meaning " + (on ? "on" : "off") + ": " + why);
	}

	/**
	 * Skills are ranked by meaning.
	 */
	static final class Enabled extends OnEmbeddingsCondition {

		Enabled() {
			super(true);
		}

	}

	/**
	 * Skills are ranked by keywords alone.
	 */
	static final class Disabled extends OnEmbeddingsCondition {

		Disabled() {
			super(false);
		}

	}

}
