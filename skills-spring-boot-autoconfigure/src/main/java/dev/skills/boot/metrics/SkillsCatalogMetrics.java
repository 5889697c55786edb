package dev.skills.boot.metrics;

import dev.skills.spring.ai.catalog.SkillCatalog;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * The {@code skills.catalog.listed} distribution summary: how many skills each request's
 * catalog listed.
 */
public class SkillsCatalogMetrics implements MeterBinder {

	private final SkillCatalog catalog;

	/**
	 * Create the meter's source.
	 * @param catalog the catalog the advisor uses
	 */
	public SkillsCatalogMetrics(SkillCatalog catalog) {
		this.catalog = catalog;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		DistributionSummary listed = DistributionSummary.builder("skills.catalog.listed")
			.description("Skills listed in a request's catalog")
			.baseUnit("skills")
			.register(registry);
		this.catalog.addListener((selection) -> listed.record(selection.listed().size()));
	}

}
