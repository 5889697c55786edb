package dev.skills.boot.metrics;

import dev.skills.boot.catalog.SkillsEmbeddings;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The {@code skills.embeddings.embedded} gauge: how many skills ranking by meaning
 * covers; it equals {@code skills.loaded} once every skill is embedded.
 */
public class SkillsEmbeddingsMetrics implements MeterBinder {

	private final SkillsEmbeddings embeddings;

	/**
	 * Create the meter's source.
	 * @param embeddings ranking by meaning
	 */
	public SkillsEmbeddingsMetrics(SkillsEmbeddings embeddings) {
		this.embeddings = embeddings;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("skills.embeddings.embedded", this.embeddings, (embeddings) -> embeddings.status().embedded())
			.description("Skills embedded for ranking by meaning")
			.baseUnit("skills")
			.register(registry);
	}

}
