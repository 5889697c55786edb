package dev.skills.boot.architecture;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The architecture rules of every library module on this class path (skills-core,
 * skills-spring-ai, skills-jdbc, skills-sources, skills-mcp, skills-scripts, skills-test
 * and this one): no package cycles, no thread or executor in a static field (every thread
 * belongs to an object that ends it), no public signature outside an {@code internal}
 * package naming an {@code internal} type, no two classes with one simple name, no
 * package of more than {@value #MAX_PACKAGE_CLASSES} classes, endpoints, health
 * indicators and meter binders outside the auto-configuration packages, and the optional
 * modules' classes kept where they are needed. {@link MainSourceSizeTests} bounds the
 * source files.
 */
class ArchitectureTests {

	private static final int MAX_PACKAGE_CLASSES = 15;

	// The modules' test jars (test fixtures of other modules) are not library code.
	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.withImportOption((location) -> !location.contains("-tests.jar"))
		.importPackages("dev.skills");

	@Test
	void everyLibraryModuleIsChecked() {
		assertThat(CLASSES.stream().map(JavaClass::getPackageName))
			.anyMatch((name) -> name.startsWith("dev.skills.core"))
			.anyMatch((name) -> name.startsWith("dev.skills.spring.ai"))
			.anyMatch((name) -> name.startsWith("dev.skills.jdbc"))
			.anyMatch((name) -> name.startsWith("dev.skills.sources"))
			.anyMatch((name) -> name.startsWith("dev.skills.mcp.server"))
			.anyMatch((name) -> name.startsWith("dev.skills.mcp.source"))
			.anyMatch((name) -> name.startsWith("dev.skills.mcp.client"))
			.anyMatch((name) -> name.startsWith("dev.skills.scripts"))
			.anyMatch((name) -> name.startsWith("dev.skills.boot"))
			.noneMatch((name) -> name.startsWith("dev.skills.boot.architecture"));
	}

	@Test
	void noPackageDependsOnItselfThroughAnother() {
		SlicesRuleDefinition.slices().matching("dev.skills.(**)").should().beFreeOfCycles().check(CLASSES);
	}

	@Test
	void noTwoClassesShareASimpleName() {
		Map<String, List<String>> byName = topLevelClasses().collect(Collectors.groupingBy(JavaClass::getSimpleName,
				TreeMap::new, Collectors.mapping(JavaClass::getName, Collectors.toList())));
		byName.values().removeIf((classes) -> classes.size() < 2);
		assertThat(byName).as("classes sharing a simple name").isEmpty();
	}

	@Test
	void noPackageHoldsMoreThan15Classes() {
		Map<String, Long> sizes = topLevelClasses()
			.collect(Collectors.groupingBy(JavaClass::getPackageName, TreeMap::new, Collectors.counting()));
		sizes.values().removeIf((size) -> size <= MAX_PACKAGE_CLASSES);
		assertThat(sizes).as("packages of more than %d classes", MAX_PACKAGE_CLASSES).isEmpty();
	}

	@Test
	void autoconfigureHoldsNoBehaviour() {
		ArchRuleDefinition.noClasses()
			.that()
			.areAnnotatedWith("org.springframework.boot.actuate.endpoint.annotation.Endpoint")
			.or()
			.areAssignableTo("org.springframework.boot.health.contributor.HealthIndicator")
			.or()
			.areAssignableTo("io.micrometer.core.instrument.binder.MeterBinder")
			.should()
			.resideInAPackage("..autoconfigure..")
			.check(CLASSES);
		ArchRuleDefinition.classes()
			.that()
			.areAnnotatedWith(AutoConfiguration.class)
			.should()
			.resideInAPackage("dev.skills.boot..autoconfigure..")
			.check(CLASSES);
	}

	@Test
	void servingOverMcpNeedsNoSkillsSources() {
		ArchRuleDefinition.noClasses()
			.that()
			.resideInAPackage("dev.skills.mcp.server..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.skills.sources..")
			.check(CLASSES);
	}

	@Test
	void onlySkillsSpringAiUsesLucene() {
		ArchRuleDefinition.noClasses()
			.that()
			.resideOutsideOfPackage("dev.skills.spring.ai..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.apache.lucene..")
			.check(CLASSES);
	}

	@Test
	void noStaticFieldHoldsAThreadOrAnExecutor() {
		ArchRuleDefinition.noFields()
			.that()
			.areStatic()
			.should()
			.haveRawType(JavaClass.Predicates.assignableTo(Executor.class))
			.orShould()
			.haveRawType(JavaClass.Predicates.assignableTo(Thread.class))
			.check(CLASSES);
	}

	@Test
	void apiSignaturesNameNoInternalType() {
		ArchRuleDefinition.members()
			.that(arePublicApi())
			.should(new ArchCondition<JavaMember>("name no internal type in their signature") {

				@Override
				public void check(JavaMember member, ConditionEvents events) {
					signature(member).stream()
						.filter((type) -> type.getPackageName().contains(".internal"))
						.forEach((type) -> events.add(SimpleConditionEvent.violated(member,
								member.getFullName() + " names " + type.getName())));
				}

			})
			.allowEmptyShould(false)
			.check(CLASSES);
	}

	private static Stream<JavaClass> topLevelClasses() {
		return CLASSES.stream()
			.filter((type) -> type.isTopLevelClass() && !type.getSimpleName().equals("package-info"));
	}

	// The types a member's signature names: return, parameter and thrown types, or a
	// field's type.
	private static List<JavaClass> signature(JavaMember member) {
		List<JavaClass> types = new ArrayList<>();
		if (member instanceof JavaCodeUnit code) {
			types.add(code.getRawReturnType());
			types.addAll(code.getRawParameterTypes());
			types.addAll(code.getThrowsClause().getTypes());
		}
		else if (member instanceof JavaField field) {
			types.add(field.getRawType());
		}
		return types;
	}

	private static DescribedPredicate<JavaMember> arePublicApi() {
		return DescribedPredicate.describe("are public members of public types outside internal packages",
				(member) -> member.getModifiers().contains(JavaModifier.PUBLIC)
						&& member.getOwner().getModifiers().contains(JavaModifier.PUBLIC)
						&& !member.getOwner().getPackageName().contains(".internal"));
	}

}
