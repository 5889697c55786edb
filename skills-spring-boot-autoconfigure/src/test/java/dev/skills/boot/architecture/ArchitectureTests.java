package dev.skills.boot.architecture;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

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

/**
 * The architecture rules of every library module on this class path (skills-core,
 * skills-spring-ai, skills-jdbc and this one; skills-cli and sample-app are one package
 * each): no package cycles, no thread or executor in a static field (every thread belongs
 * to an object that ends it), and no public signature outside an {@code internal} package
 * names an {@code internal} type.
 */
class ArchitectureTests {

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("dev.skills");

	@Test
	void noPackageDependsOnItselfThroughAnother() {
		SlicesRuleDefinition.slices().matching("dev.skills.(**)").should().beFreeOfCycles().check(CLASSES);
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
	void noPublicSignatureOfAnApiTypeNamesAnInternalType() {
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
